# Written by `alphactor plot`; redraw with `gnuplot plot.gp` in this folder.
set logscale x 2
set xlabel 'processors'
set grid
set key below left Left reverse
set xrange [0.8:1280]
set xtics ("1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "64" 64, "256" 256, "1024" 1024)
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'speedup.svg'
set title "Steinberg & Solomon: parallel ER on a problem heap, random trees R1-R3, P = 1..16: speedup"
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'R1: degree 4, 10 ply', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'R2: degree 4, 11 ply', \
     'plot.dat' index 2 using 1:2 with linespoints linetype 3 pointtype 7 title 'R3: degree 8, 7 ply', \
     'plot.dat' index 3 using 1:2 with linespoints linetype 4 pointtype 7 title 'R2 on the distributed heap, hypercube, P = 16..1024', \
     'plot.dat' index 4 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: steinberg1989 section 7: random tree R1 (degree 4, 10 ply), problem heap ...', \
     'plot.dat' index 5 using 1:2 with points linetype 2 pointtype 6 pointsize 2 title 'paper: steinberg1989 section 7: random trees R1-R3, the upper end of the range ...'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'speedup.png'
set title "Steinberg & Solomon: parallel ER on a problem heap, random trees R1-R3, P = 1..16: speedup"
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'R1: degree 4, 10 ply', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'R2: degree 4, 11 ply', \
     'plot.dat' index 2 using 1:2 with linespoints linetype 3 pointtype 7 title 'R3: degree 8, 7 ply', \
     'plot.dat' index 3 using 1:2 with linespoints linetype 4 pointtype 7 title 'R2 on the distributed heap, hypercube, P = 16..1024', \
     'plot.dat' index 4 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: steinberg1989 section 7: random tree R1 (degree 4, 10 ply), problem heap ...', \
     'plot.dat' index 5 using 1:2 with points linetype 2 pointtype 6 pointsize 2 title 'paper: steinberg1989 section 7: random trees R1-R3, the upper end of the range ...'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'efficiency.svg'
set title "Steinberg & Solomon: parallel ER on a problem heap, random trees R1-R3, P = 1..16: efficiency (speedup / P)"
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'R1: degree 4, 10 ply', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'R2: degree 4, 11 ply', \
     'plot.dat' index 2 using 1:3 with linespoints linetype 3 pointtype 7 title 'R3: degree 8, 7 ply', \
     'plot.dat' index 3 using 1:3 with linespoints linetype 4 pointtype 7 title 'R2 on the distributed heap, hypercube, P = 16..1024', \
     'plot.dat' index 4 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: steinberg1989 section 7: random tree R1 (degree 4, 10 ply), problem heap ...', \
     'plot.dat' index 5 using 1:3 with points linetype 2 pointtype 6 pointsize 2 title 'paper: steinberg1989 section 7: random trees R1-R3, the upper end of the range ...'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'efficiency.png'
set title "Steinberg & Solomon: parallel ER on a problem heap, random trees R1-R3, P = 1..16: efficiency (speedup / P)"
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'R1: degree 4, 10 ply', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'R2: degree 4, 11 ply', \
     'plot.dat' index 2 using 1:3 with linespoints linetype 3 pointtype 7 title 'R3: degree 8, 7 ply', \
     'plot.dat' index 3 using 1:3 with linespoints linetype 4 pointtype 7 title 'R2 on the distributed heap, hypercube, P = 16..1024', \
     'plot.dat' index 4 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: steinberg1989 section 7: random tree R1 (degree 4, 10 ply), problem heap ...', \
     'plot.dat' index 5 using 1:3 with points linetype 2 pointtype 6 pointsize 2 title 'paper: steinberg1989 section 7: random trees R1-R3, the upper end of the range ...'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'search_overhead.svg'
set title "Steinberg & Solomon: parallel ER on a problem heap, random trees R1-R3, P = 1..16: search overhead (%)"
set ylabel 'search overhead (%)'
set yrange [0:192.515]
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'R1: degree 4, 10 ply', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'R2: degree 4, 11 ply', \
     'plot.dat' index 2 using 1:4 with linespoints linetype 3 pointtype 7 title 'R3: degree 8, 7 ply', \
     'plot.dat' index 3 using 1:4 with linespoints linetype 4 pointtype 7 title 'R2 on the distributed heap, hypercube, P = 16..1024'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'search_overhead.png'
set title "Steinberg & Solomon: parallel ER on a problem heap, random trees R1-R3, P = 1..16: search overhead (%)"
set ylabel 'search overhead (%)'
set yrange [0:192.515]
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'R1: degree 4, 10 ply', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'R2: degree 4, 11 ply', \
     'plot.dat' index 2 using 1:4 with linespoints linetype 3 pointtype 7 title 'R3: degree 8, 7 ply', \
     'plot.dat' index 3 using 1:4 with linespoints linetype 4 pointtype 7 title 'R2 on the distributed heap, hypercube, P = 16..1024'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'load.svg'
set title "Steinberg & Solomon: parallel ER on a problem heap, random trees R1-R3, P = 1..16: load (%)"
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'R1: degree 4, 10 ply', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'R2: degree 4, 11 ply', \
     'plot.dat' index 2 using 1:5 with linespoints linetype 3 pointtype 7 title 'R3: degree 8, 7 ply', \
     'plot.dat' index 3 using 1:5 with linespoints linetype 4 pointtype 7 title 'R2 on the distributed heap, hypercube, P = 16..1024'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'load.png'
set title "Steinberg & Solomon: parallel ER on a problem heap, random trees R1-R3, P = 1..16: load (%)"
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'R1: degree 4, 10 ply', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'R2: degree 4, 11 ply', \
     'plot.dat' index 2 using 1:5 with linespoints linetype 3 pointtype 7 title 'R3: degree 8, 7 ply', \
     'plot.dat' index 3 using 1:5 with linespoints linetype 4 pointtype 7 title 'R2 on the distributed heap, hypercube, P = 16..1024'
unset output
