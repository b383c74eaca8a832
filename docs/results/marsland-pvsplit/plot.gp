# Written by `alphactor plot`; redraw with `gnuplot plot.gp` in this folder.
set logscale x 2
set xlabel 'processors'
set grid
set key below left Left reverse
set xrange [0.8:5]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4)
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'speedup.svg'
set title 'Marsland & Popowich: PV splitting (pmws / pvsplit), BK-24, sun1985, P = 1..4: speedup'
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'paper''s pmws, no table (Table II)', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'paper''s pmws, local table, subtrees > 2 ply (Tables III(b) and IV)', \
     'plot.dat' index 2 using 1:2 with linespoints linetype 3 pointtype 7 title 'alphactor pvsplit, local table', \
     'plot.dat' index 3 using 1:2 with linespoints linetype 4 pointtype 7 title 'alphactor pvsplit, replicated tables', \
     'plot.dat' index 4 using 1:2 with linespoints linetype 5 pointtype 7 title 'alphactor pvsplit, replicated tables, processor tree of length two (fan-out 2)', \
     'plot.dat' index 5 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: marsland1985 Table II: 5-ply, the 24 Bratko-Kopec positions, no transposition table, pmws on a processor tree of length one (Sun workstations on Ethernet)', \
     'plot.dat' index 6 using 1:2 with points linetype 2 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables for subtrees deeper than 2 ply'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'speedup.png'
set title 'Marsland & Popowich: PV splitting (pmws / pvsplit), BK-24, sun1985, P = 1..4: speedup'
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'paper''s pmws, no table (Table II)', \
     'plot.dat' index 1 using 1:2 with linespoints linetype 2 pointtype 7 title 'paper''s pmws, local table, subtrees > 2 ply (Tables III(b) and IV)', \
     'plot.dat' index 2 using 1:2 with linespoints linetype 3 pointtype 7 title 'alphactor pvsplit, local table', \
     'plot.dat' index 3 using 1:2 with linespoints linetype 4 pointtype 7 title 'alphactor pvsplit, replicated tables', \
     'plot.dat' index 4 using 1:2 with linespoints linetype 5 pointtype 7 title 'alphactor pvsplit, replicated tables, processor tree of length two (fan-out 2)', \
     'plot.dat' index 5 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: marsland1985 Table II: 5-ply, the 24 Bratko-Kopec positions, no transposition table, pmws on a processor tree of length one (Sun workstations on Ethernet)', \
     'plot.dat' index 6 using 1:2 with points linetype 2 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables for subtrees deeper than 2 ply'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'efficiency.svg'
set title 'Marsland & Popowich: PV splitting (pmws / pvsplit), BK-24, sun1985, P = 1..4: efficiency (speedup / P)'
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'paper''s pmws, no table (Table II)', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'paper''s pmws, local table, subtrees > 2 ply (Tables III(b) and IV)', \
     'plot.dat' index 2 using 1:3 with linespoints linetype 3 pointtype 7 title 'alphactor pvsplit, local table', \
     'plot.dat' index 3 using 1:3 with linespoints linetype 4 pointtype 7 title 'alphactor pvsplit, replicated tables', \
     'plot.dat' index 4 using 1:3 with linespoints linetype 5 pointtype 7 title 'alphactor pvsplit, replicated tables, processor tree of length two (fan-out 2)', \
     'plot.dat' index 5 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: marsland1985 Table II: 5-ply, the 24 Bratko-Kopec positions, no transposition table, pmws on a processor tree of length one (Sun workstations on Ethernet)', \
     'plot.dat' index 6 using 1:3 with points linetype 2 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables for subtrees deeper than 2 ply'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'efficiency.png'
set title 'Marsland & Popowich: PV splitting (pmws / pvsplit), BK-24, sun1985, P = 1..4: efficiency (speedup / P)'
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'paper''s pmws, no table (Table II)', \
     'plot.dat' index 1 using 1:3 with linespoints linetype 2 pointtype 7 title 'paper''s pmws, local table, subtrees > 2 ply (Tables III(b) and IV)', \
     'plot.dat' index 2 using 1:3 with linespoints linetype 3 pointtype 7 title 'alphactor pvsplit, local table', \
     'plot.dat' index 3 using 1:3 with linespoints linetype 4 pointtype 7 title 'alphactor pvsplit, replicated tables', \
     'plot.dat' index 4 using 1:3 with linespoints linetype 5 pointtype 7 title 'alphactor pvsplit, replicated tables, processor tree of length two (fan-out 2)', \
     'plot.dat' index 5 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: marsland1985 Table II: 5-ply, the 24 Bratko-Kopec positions, no transposition table, pmws on a processor tree of length one (Sun workstations on Ethernet)', \
     'plot.dat' index 6 using 1:3 with points linetype 2 pointtype 6 pointsize 2 title 'paper: marsland1985 Table III(b): 5-ply, the 24 positions, local transposition tables for subtrees deeper than 2 ply'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'search_overhead.svg'
set title 'Marsland & Popowich: PV splitting (pmws / pvsplit), BK-24, sun1985, P = 1..4: search overhead (%)'
set ylabel 'search overhead (%)'
unset yrange
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'paper''s pmws, no table (Table II)', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'paper''s pmws, local table, subtrees > 2 ply (Tables III(b) and IV)', \
     'plot.dat' index 2 using 1:4 with linespoints linetype 3 pointtype 7 title 'alphactor pvsplit, local table', \
     'plot.dat' index 3 using 1:4 with linespoints linetype 4 pointtype 7 title 'alphactor pvsplit, replicated tables', \
     'plot.dat' index 4 using 1:4 with linespoints linetype 5 pointtype 7 title 'alphactor pvsplit, replicated tables, processor tree of length two (fan-out 2)'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'search_overhead.png'
set title 'Marsland & Popowich: PV splitting (pmws / pvsplit), BK-24, sun1985, P = 1..4: search overhead (%)'
set ylabel 'search overhead (%)'
unset yrange
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'paper''s pmws, no table (Table II)', \
     'plot.dat' index 1 using 1:4 with linespoints linetype 2 pointtype 7 title 'paper''s pmws, local table, subtrees > 2 ply (Tables III(b) and IV)', \
     'plot.dat' index 2 using 1:4 with linespoints linetype 3 pointtype 7 title 'alphactor pvsplit, local table', \
     'plot.dat' index 3 using 1:4 with linespoints linetype 4 pointtype 7 title 'alphactor pvsplit, replicated tables', \
     'plot.dat' index 4 using 1:4 with linespoints linetype 5 pointtype 7 title 'alphactor pvsplit, replicated tables, processor tree of length two (fan-out 2)'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'load.svg'
set title 'Marsland & Popowich: PV splitting (pmws / pvsplit), BK-24, sun1985, P = 1..4: load (%)'
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'paper''s pmws, no table (Table II)', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'paper''s pmws, local table, subtrees > 2 ply (Tables III(b) and IV)', \
     'plot.dat' index 2 using 1:5 with linespoints linetype 3 pointtype 7 title 'alphactor pvsplit, local table', \
     'plot.dat' index 3 using 1:5 with linespoints linetype 4 pointtype 7 title 'alphactor pvsplit, replicated tables', \
     'plot.dat' index 4 using 1:5 with linespoints linetype 5 pointtype 7 title 'alphactor pvsplit, replicated tables, processor tree of length two (fan-out 2)'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'load.png'
set title 'Marsland & Popowich: PV splitting (pmws / pvsplit), BK-24, sun1985, P = 1..4: load (%)'
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'paper''s pmws, no table (Table II)', \
     'plot.dat' index 1 using 1:5 with linespoints linetype 2 pointtype 7 title 'paper''s pmws, local table, subtrees > 2 ply (Tables III(b) and IV)', \
     'plot.dat' index 2 using 1:5 with linespoints linetype 3 pointtype 7 title 'alphactor pvsplit, local table', \
     'plot.dat' index 3 using 1:5 with linespoints linetype 4 pointtype 7 title 'alphactor pvsplit, replicated tables', \
     'plot.dat' index 4 using 1:5 with linespoints linetype 5 pointtype 7 title 'alphactor pvsplit, replicated tables, processor tree of length two (fan-out 2)'
unset output
