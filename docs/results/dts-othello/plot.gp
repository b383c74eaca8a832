# Written by `alphactor plot`; redraw with `gnuplot plot.gp` in this folder.
set logscale x 2
set xlabel 'processors'
set grid
set key below left Left reverse
set xrange [0.8:40]
set xtics ("1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32)
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'speedup.svg'
set title "DTS on 40 Othello positions, 6 ply, hypercube (paper @32: breadth-first 10, Bound-and-Branch 12, potential\n16): speedup"
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'breadth-first', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'Bound-and-Branch', \
     'plot.dat' index 2 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: ferguson1988 Othello results, breadth-first allocation: Othello, 32-node Intel ...', \
     'plot.dat' index 3 using 1:2 with points linetype 2 pointtype 6 pointsize 2 title 'paper: ferguson1988 Othello results, Bound-and-Branch allocation: Othello, 32-node ...'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'speedup.png'
set title "DTS on 40 Othello positions, 6 ply, hypercube (paper @32: breadth-first 10, Bound-and-Branch 12, potential\n16): speedup"
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'breadth-first', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'Bound-and-Branch', \
     'plot.dat' index 2 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: ferguson1988 Othello results, breadth-first allocation: Othello, 32-node Intel ...', \
     'plot.dat' index 3 using 1:2 with points linetype 2 pointtype 6 pointsize 2 title 'paper: ferguson1988 Othello results, Bound-and-Branch allocation: Othello, 32-node ...'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'efficiency.svg'
set title "DTS on 40 Othello positions, 6 ply, hypercube (paper @32: breadth-first 10, Bound-and-Branch 12, potential\n16): efficiency (speedup / P)"
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'breadth-first', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'Bound-and-Branch', \
     'plot.dat' index 2 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: ferguson1988 Othello results, breadth-first allocation: Othello, 32-node Intel ...', \
     'plot.dat' index 3 using 1:3 with points linetype 2 pointtype 6 pointsize 2 title 'paper: ferguson1988 Othello results, Bound-and-Branch allocation: Othello, 32-node ...'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'efficiency.png'
set title "DTS on 40 Othello positions, 6 ply, hypercube (paper @32: breadth-first 10, Bound-and-Branch 12, potential\n16): efficiency (speedup / P)"
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'breadth-first', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'Bound-and-Branch', \
     'plot.dat' index 2 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: ferguson1988 Othello results, breadth-first allocation: Othello, 32-node Intel ...', \
     'plot.dat' index 3 using 1:3 with points linetype 2 pointtype 6 pointsize 2 title 'paper: ferguson1988 Othello results, Bound-and-Branch allocation: Othello, 32-node ...'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'search_overhead.svg'
set title "DTS on 40 Othello positions, 6 ply, hypercube (paper @32: breadth-first 10, Bound-and-Branch 12, potential\n16): search overhead (%)"
set ylabel 'search overhead (%)'
set yrange [0:106.175]
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'breadth-first', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'Bound-and-Branch'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'search_overhead.png'
set title "DTS on 40 Othello positions, 6 ply, hypercube (paper @32: breadth-first 10, Bound-and-Branch 12, potential\n16): search overhead (%)"
set ylabel 'search overhead (%)'
set yrange [0:106.175]
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'breadth-first', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'Bound-and-Branch'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'load.svg'
set title "DTS on 40 Othello positions, 6 ply, hypercube (paper @32: breadth-first 10, Bound-and-Branch 12, potential\n16): load (%)"
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'breadth-first', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'Bound-and-Branch'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'load.png'
set title "DTS on 40 Othello positions, 6 ply, hypercube (paper @32: breadth-first 10, Bound-and-Branch 12, potential\n16): load (%)"
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'breadth-first', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'Bound-and-Branch'
unset output
