# Written by `alphactor plot`; redraw with `gnuplot plot.gp` in this folder.
set logscale x 2
set xlabel 'processors'
set grid
set key below left Left reverse
set xrange [0.8:20]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "6" 6, "8" 8, "12" 12, "16" 16)
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'speedup.svg'
set title 'Steele''s pChess: even split vs master/slave, BK-24, 4-ply, P = 1..16: speedup'
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'even split', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'master/slave'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'speedup.png'
set title 'Steele''s pChess: even split vs master/slave, BK-24, 4-ply, P = 1..16: speedup'
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'even split', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'master/slave'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'efficiency.svg'
set title 'Steele''s pChess: even split vs master/slave, BK-24, 4-ply, P = 1..16: efficiency (speedup / P)'
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'even split', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'master/slave'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'efficiency.png'
set title 'Steele''s pChess: even split vs master/slave, BK-24, 4-ply, P = 1..16: efficiency (speedup / P)'
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'even split', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'master/slave'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'search_overhead.svg'
set title 'Steele''s pChess: even split vs master/slave, BK-24, 4-ply, P = 1..16: search overhead (%)'
set ylabel 'search overhead (%)'
unset yrange
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'even split', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'master/slave'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'search_overhead.png'
set title 'Steele''s pChess: even split vs master/slave, BK-24, 4-ply, P = 1..16: search overhead (%)'
set ylabel 'search overhead (%)'
unset yrange
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'even split', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'master/slave'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'load.svg'
set title 'Steele''s pChess: even split vs master/slave, BK-24, 4-ply, P = 1..16: load (%)'
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'even split', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'master/slave'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'load.png'
set title 'Steele''s pChess: even split vs master/slave, BK-24, 4-ply, P = 1..16: load (%)'
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'even split', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'master/slave'
unset output
