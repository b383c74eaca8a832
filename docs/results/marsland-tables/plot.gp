# Written by `alphactor plot`; redraw with `gnuplot plot.gp` in this folder.
set logscale x 2
set xlabel 'processors'
set grid
set key below left Left reverse
set xrange [0.8:5]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4)
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'speedup.svg'
set title "Marsland & Popowich, Table III: local / global / distributed tables, full and depth-limited: speedup"
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'sun1985 local, all subtrees', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'sun1985 local, > 2 ply', \
     'plot.dat' index 2 using 1:2 with linespoints linetype 3 pointtype 7 title 'sun1985 global, all subtrees', \
     'plot.dat' index 3 using 1:2 with linespoints linetype 4 pointtype 7 title 'sun1985 global, > 2 ply', \
     'plot.dat' index 4 using 1:2 with linespoints linetype 5 pointtype 7 title 'sun1985 distributed, all subtrees', \
     'plot.dat' index 5 using 1:2 with linespoints linetype 6 pointtype 7 title 'sun1985 distributed, > 2 ply', \
     'plot.dat' index 6 using 1:2 with linespoints linetype 7 pointtype 7 title 'modern local, all subtrees', \
     'plot.dat' index 7 using 1:2 with linespoints linetype 8 pointtype 7 title 'modern local, > 2 ply', \
     'plot.dat' index 8 using 1:2 with linespoints linetype 9 pointtype 7 title 'modern global, all subtrees', \
     'plot.dat' index 9 using 1:2 with linespoints linetype 10 pointtype 7 title 'modern global, > 2 ply', \
     'plot.dat' index 10 using 1:2 with linespoints linetype 11 pointtype 7 title 'modern distributed, all subtrees', \
     'plot.dat' index 11 using 1:2 with linespoints linetype 12 pointtype 7 title 'modern distributed, > 2 ply', \
     'plot.dat' index 12 using 1:2 with linespoints linetype 13 pointtype 7 title 'sun1985 hybrid, draft > 2 distributed', \
     'plot.dat' index 13 using 1:2 with linespoints linetype 14 pointtype 7 title 'modern hybrid, draft > 2 distributed', \
     'plot.dat' index 14 using 1:2 with linespoints linetype 15 pointtype 7 title 'sun1985 replicated', \
     'plot.dat' index 15 using 1:2 with linespoints linetype 16 pointtype 7 title 'modern replicated', \
     'plot.dat' index 16 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables ...', \
     'plot.dat' index 17 using 1:2 with points linetype 2 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables ...', \
     'plot.dat' index 18 using 1:2 with points linetype 3 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(a): 5-ply, the 24 positions, one global transposition ...', \
     'plot.dat' index 19 using 1:2 with points linetype 4 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(a): 5-ply, the 24 positions, one global transposition ...'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'speedup.png'
set title "Marsland & Popowich, Table III: local / global / distributed tables, full and depth-limited: speedup"
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'sun1985 local, all subtrees', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'sun1985 local, > 2 ply', \
     'plot.dat' index 2 using 1:2 with linespoints linetype 3 pointtype 7 title 'sun1985 global, all subtrees', \
     'plot.dat' index 3 using 1:2 with linespoints linetype 4 pointtype 7 title 'sun1985 global, > 2 ply', \
     'plot.dat' index 4 using 1:2 with linespoints linetype 5 pointtype 7 title 'sun1985 distributed, all subtrees', \
     'plot.dat' index 5 using 1:2 with linespoints linetype 6 pointtype 7 title 'sun1985 distributed, > 2 ply', \
     'plot.dat' index 6 using 1:2 with linespoints linetype 7 pointtype 7 title 'modern local, all subtrees', \
     'plot.dat' index 7 using 1:2 with linespoints linetype 8 pointtype 7 title 'modern local, > 2 ply', \
     'plot.dat' index 8 using 1:2 with linespoints linetype 9 pointtype 7 title 'modern global, all subtrees', \
     'plot.dat' index 9 using 1:2 with linespoints linetype 10 pointtype 7 title 'modern global, > 2 ply', \
     'plot.dat' index 10 using 1:2 with linespoints linetype 11 pointtype 7 title 'modern distributed, all subtrees', \
     'plot.dat' index 11 using 1:2 with linespoints linetype 12 pointtype 7 title 'modern distributed, > 2 ply', \
     'plot.dat' index 12 using 1:2 with linespoints linetype 13 pointtype 7 title 'sun1985 hybrid, draft > 2 distributed', \
     'plot.dat' index 13 using 1:2 with linespoints linetype 14 pointtype 7 title 'modern hybrid, draft > 2 distributed', \
     'plot.dat' index 14 using 1:2 with linespoints linetype 15 pointtype 7 title 'sun1985 replicated', \
     'plot.dat' index 15 using 1:2 with linespoints linetype 16 pointtype 7 title 'modern replicated', \
     'plot.dat' index 16 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables ...', \
     'plot.dat' index 17 using 1:2 with points linetype 2 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables ...', \
     'plot.dat' index 18 using 1:2 with points linetype 3 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(a): 5-ply, the 24 positions, one global transposition ...', \
     'plot.dat' index 19 using 1:2 with points linetype 4 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(a): 5-ply, the 24 positions, one global transposition ...'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'efficiency.svg'
set title "Marsland & Popowich, Table III: local / global / distributed tables, full and depth-limited: efficiency\n(speedup / P)"
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'sun1985 local, all subtrees', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'sun1985 local, > 2 ply', \
     'plot.dat' index 2 using 1:3 with linespoints linetype 3 pointtype 7 title 'sun1985 global, all subtrees', \
     'plot.dat' index 3 using 1:3 with linespoints linetype 4 pointtype 7 title 'sun1985 global, > 2 ply', \
     'plot.dat' index 4 using 1:3 with linespoints linetype 5 pointtype 7 title 'sun1985 distributed, all subtrees', \
     'plot.dat' index 5 using 1:3 with linespoints linetype 6 pointtype 7 title 'sun1985 distributed, > 2 ply', \
     'plot.dat' index 6 using 1:3 with linespoints linetype 7 pointtype 7 title 'modern local, all subtrees', \
     'plot.dat' index 7 using 1:3 with linespoints linetype 8 pointtype 7 title 'modern local, > 2 ply', \
     'plot.dat' index 8 using 1:3 with linespoints linetype 9 pointtype 7 title 'modern global, all subtrees', \
     'plot.dat' index 9 using 1:3 with linespoints linetype 10 pointtype 7 title 'modern global, > 2 ply', \
     'plot.dat' index 10 using 1:3 with linespoints linetype 11 pointtype 7 title 'modern distributed, all subtrees', \
     'plot.dat' index 11 using 1:3 with linespoints linetype 12 pointtype 7 title 'modern distributed, > 2 ply', \
     'plot.dat' index 12 using 1:3 with linespoints linetype 13 pointtype 7 title 'sun1985 hybrid, draft > 2 distributed', \
     'plot.dat' index 13 using 1:3 with linespoints linetype 14 pointtype 7 title 'modern hybrid, draft > 2 distributed', \
     'plot.dat' index 14 using 1:3 with linespoints linetype 15 pointtype 7 title 'sun1985 replicated', \
     'plot.dat' index 15 using 1:3 with linespoints linetype 16 pointtype 7 title 'modern replicated', \
     'plot.dat' index 16 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables ...', \
     'plot.dat' index 17 using 1:3 with points linetype 2 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables ...', \
     'plot.dat' index 18 using 1:3 with points linetype 3 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(a): 5-ply, the 24 positions, one global transposition ...', \
     'plot.dat' index 19 using 1:3 with points linetype 4 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(a): 5-ply, the 24 positions, one global transposition ...'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'efficiency.png'
set title "Marsland & Popowich, Table III: local / global / distributed tables, full and depth-limited: efficiency\n(speedup / P)"
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'sun1985 local, all subtrees', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'sun1985 local, > 2 ply', \
     'plot.dat' index 2 using 1:3 with linespoints linetype 3 pointtype 7 title 'sun1985 global, all subtrees', \
     'plot.dat' index 3 using 1:3 with linespoints linetype 4 pointtype 7 title 'sun1985 global, > 2 ply', \
     'plot.dat' index 4 using 1:3 with linespoints linetype 5 pointtype 7 title 'sun1985 distributed, all subtrees', \
     'plot.dat' index 5 using 1:3 with linespoints linetype 6 pointtype 7 title 'sun1985 distributed, > 2 ply', \
     'plot.dat' index 6 using 1:3 with linespoints linetype 7 pointtype 7 title 'modern local, all subtrees', \
     'plot.dat' index 7 using 1:3 with linespoints linetype 8 pointtype 7 title 'modern local, > 2 ply', \
     'plot.dat' index 8 using 1:3 with linespoints linetype 9 pointtype 7 title 'modern global, all subtrees', \
     'plot.dat' index 9 using 1:3 with linespoints linetype 10 pointtype 7 title 'modern global, > 2 ply', \
     'plot.dat' index 10 using 1:3 with linespoints linetype 11 pointtype 7 title 'modern distributed, all subtrees', \
     'plot.dat' index 11 using 1:3 with linespoints linetype 12 pointtype 7 title 'modern distributed, > 2 ply', \
     'plot.dat' index 12 using 1:3 with linespoints linetype 13 pointtype 7 title 'sun1985 hybrid, draft > 2 distributed', \
     'plot.dat' index 13 using 1:3 with linespoints linetype 14 pointtype 7 title 'modern hybrid, draft > 2 distributed', \
     'plot.dat' index 14 using 1:3 with linespoints linetype 15 pointtype 7 title 'sun1985 replicated', \
     'plot.dat' index 15 using 1:3 with linespoints linetype 16 pointtype 7 title 'modern replicated', \
     'plot.dat' index 16 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables ...', \
     'plot.dat' index 17 using 1:3 with points linetype 2 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables ...', \
     'plot.dat' index 18 using 1:3 with points linetype 3 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(a): 5-ply, the 24 positions, one global transposition ...', \
     'plot.dat' index 19 using 1:3 with points linetype 4 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(a): 5-ply, the 24 positions, one global transposition ...'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'search_overhead.svg'
set title "Marsland & Popowich, Table III: local / global / distributed tables, full and depth-limited: search overhead\n(%)"
set ylabel 'search overhead (%)'
set yrange [0:57.2692]
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'sun1985 local, all subtrees', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'sun1985 local, > 2 ply', \
     'plot.dat' index 2 using 1:4 with linespoints linetype 3 pointtype 7 title 'sun1985 global, all subtrees', \
     'plot.dat' index 3 using 1:4 with linespoints linetype 4 pointtype 7 title 'sun1985 global, > 2 ply', \
     'plot.dat' index 4 using 1:4 with linespoints linetype 5 pointtype 7 title 'sun1985 distributed, all subtrees', \
     'plot.dat' index 5 using 1:4 with linespoints linetype 6 pointtype 7 title 'sun1985 distributed, > 2 ply', \
     'plot.dat' index 6 using 1:4 with linespoints linetype 7 pointtype 7 title 'modern local, all subtrees', \
     'plot.dat' index 7 using 1:4 with linespoints linetype 8 pointtype 7 title 'modern local, > 2 ply', \
     'plot.dat' index 8 using 1:4 with linespoints linetype 9 pointtype 7 title 'modern global, all subtrees', \
     'plot.dat' index 9 using 1:4 with linespoints linetype 10 pointtype 7 title 'modern global, > 2 ply', \
     'plot.dat' index 10 using 1:4 with linespoints linetype 11 pointtype 7 title 'modern distributed, all subtrees', \
     'plot.dat' index 11 using 1:4 with linespoints linetype 12 pointtype 7 title 'modern distributed, > 2 ply', \
     'plot.dat' index 12 using 1:4 with linespoints linetype 13 pointtype 7 title 'sun1985 hybrid, draft > 2 distributed', \
     'plot.dat' index 13 using 1:4 with linespoints linetype 14 pointtype 7 title 'modern hybrid, draft > 2 distributed', \
     'plot.dat' index 14 using 1:4 with linespoints linetype 15 pointtype 7 title 'sun1985 replicated', \
     'plot.dat' index 15 using 1:4 with linespoints linetype 16 pointtype 7 title 'modern replicated'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'search_overhead.png'
set title "Marsland & Popowich, Table III: local / global / distributed tables, full and depth-limited: search overhead\n(%)"
set ylabel 'search overhead (%)'
set yrange [0:57.2692]
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'sun1985 local, all subtrees', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'sun1985 local, > 2 ply', \
     'plot.dat' index 2 using 1:4 with linespoints linetype 3 pointtype 7 title 'sun1985 global, all subtrees', \
     'plot.dat' index 3 using 1:4 with linespoints linetype 4 pointtype 7 title 'sun1985 global, > 2 ply', \
     'plot.dat' index 4 using 1:4 with linespoints linetype 5 pointtype 7 title 'sun1985 distributed, all subtrees', \
     'plot.dat' index 5 using 1:4 with linespoints linetype 6 pointtype 7 title 'sun1985 distributed, > 2 ply', \
     'plot.dat' index 6 using 1:4 with linespoints linetype 7 pointtype 7 title 'modern local, all subtrees', \
     'plot.dat' index 7 using 1:4 with linespoints linetype 8 pointtype 7 title 'modern local, > 2 ply', \
     'plot.dat' index 8 using 1:4 with linespoints linetype 9 pointtype 7 title 'modern global, all subtrees', \
     'plot.dat' index 9 using 1:4 with linespoints linetype 10 pointtype 7 title 'modern global, > 2 ply', \
     'plot.dat' index 10 using 1:4 with linespoints linetype 11 pointtype 7 title 'modern distributed, all subtrees', \
     'plot.dat' index 11 using 1:4 with linespoints linetype 12 pointtype 7 title 'modern distributed, > 2 ply', \
     'plot.dat' index 12 using 1:4 with linespoints linetype 13 pointtype 7 title 'sun1985 hybrid, draft > 2 distributed', \
     'plot.dat' index 13 using 1:4 with linespoints linetype 14 pointtype 7 title 'modern hybrid, draft > 2 distributed', \
     'plot.dat' index 14 using 1:4 with linespoints linetype 15 pointtype 7 title 'sun1985 replicated', \
     'plot.dat' index 15 using 1:4 with linespoints linetype 16 pointtype 7 title 'modern replicated'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'load.svg'
set title "Marsland & Popowich, Table III: local / global / distributed tables, full and depth-limited: load (%)"
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'sun1985 local, all subtrees', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'sun1985 local, > 2 ply', \
     'plot.dat' index 2 using 1:5 with linespoints linetype 3 pointtype 7 title 'sun1985 global, all subtrees', \
     'plot.dat' index 3 using 1:5 with linespoints linetype 4 pointtype 7 title 'sun1985 global, > 2 ply', \
     'plot.dat' index 4 using 1:5 with linespoints linetype 5 pointtype 7 title 'sun1985 distributed, all subtrees', \
     'plot.dat' index 5 using 1:5 with linespoints linetype 6 pointtype 7 title 'sun1985 distributed, > 2 ply', \
     'plot.dat' index 6 using 1:5 with linespoints linetype 7 pointtype 7 title 'modern local, all subtrees', \
     'plot.dat' index 7 using 1:5 with linespoints linetype 8 pointtype 7 title 'modern local, > 2 ply', \
     'plot.dat' index 8 using 1:5 with linespoints linetype 9 pointtype 7 title 'modern global, all subtrees', \
     'plot.dat' index 9 using 1:5 with linespoints linetype 10 pointtype 7 title 'modern global, > 2 ply', \
     'plot.dat' index 10 using 1:5 with linespoints linetype 11 pointtype 7 title 'modern distributed, all subtrees', \
     'plot.dat' index 11 using 1:5 with linespoints linetype 12 pointtype 7 title 'modern distributed, > 2 ply', \
     'plot.dat' index 12 using 1:5 with linespoints linetype 13 pointtype 7 title 'sun1985 hybrid, draft > 2 distributed', \
     'plot.dat' index 13 using 1:5 with linespoints linetype 14 pointtype 7 title 'modern hybrid, draft > 2 distributed', \
     'plot.dat' index 14 using 1:5 with linespoints linetype 15 pointtype 7 title 'sun1985 replicated', \
     'plot.dat' index 15 using 1:5 with linespoints linetype 16 pointtype 7 title 'modern replicated'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'load.png'
set title "Marsland & Popowich, Table III: local / global / distributed tables, full and depth-limited: load (%)"
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'sun1985 local, all subtrees', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'sun1985 local, > 2 ply', \
     'plot.dat' index 2 using 1:5 with linespoints linetype 3 pointtype 7 title 'sun1985 global, all subtrees', \
     'plot.dat' index 3 using 1:5 with linespoints linetype 4 pointtype 7 title 'sun1985 global, > 2 ply', \
     'plot.dat' index 4 using 1:5 with linespoints linetype 5 pointtype 7 title 'sun1985 distributed, all subtrees', \
     'plot.dat' index 5 using 1:5 with linespoints linetype 6 pointtype 7 title 'sun1985 distributed, > 2 ply', \
     'plot.dat' index 6 using 1:5 with linespoints linetype 7 pointtype 7 title 'modern local, all subtrees', \
     'plot.dat' index 7 using 1:5 with linespoints linetype 8 pointtype 7 title 'modern local, > 2 ply', \
     'plot.dat' index 8 using 1:5 with linespoints linetype 9 pointtype 7 title 'modern global, all subtrees', \
     'plot.dat' index 9 using 1:5 with linespoints linetype 10 pointtype 7 title 'modern global, > 2 ply', \
     'plot.dat' index 10 using 1:5 with linespoints linetype 11 pointtype 7 title 'modern distributed, all subtrees', \
     'plot.dat' index 11 using 1:5 with linespoints linetype 12 pointtype 7 title 'modern distributed, > 2 ply', \
     'plot.dat' index 12 using 1:5 with linespoints linetype 13 pointtype 7 title 'sun1985 hybrid, draft > 2 distributed', \
     'plot.dat' index 13 using 1:5 with linespoints linetype 14 pointtype 7 title 'modern hybrid, draft > 2 distributed', \
     'plot.dat' index 14 using 1:5 with linespoints linetype 15 pointtype 7 title 'sun1985 replicated', \
     'plot.dat' index 15 using 1:5 with linespoints linetype 16 pointtype 7 title 'modern replicated'
unset output
