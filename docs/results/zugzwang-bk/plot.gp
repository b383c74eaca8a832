# Written by `alphactor plot`; redraw with `gnuplot plot.gp` in this folder.
set logscale x 2
set xlabel 'processors'
set grid
set key below left Left reverse
set xrange [0.8:80]
set xtics ("1" 1, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64)
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'speedup.svg'
set title "ZUGZWANG on BK-24: YBWC + distributed table, De Bruijn, transputer1990 (paper 7-ply: SPE 15.77@16 25.08@32\n34.77@64, LD 83% SO 36.6% @64): speedup"
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'ybwc on debruijn, distributed table', \
     'plot.dat' index 1 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: zugzwang introduction (P = 16, 32) and figure 5, row Φ (P = 64): 7-ply, the 24 ...'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'speedup.png'
set title "ZUGZWANG on BK-24: YBWC + distributed table, De Bruijn, transputer1990 (paper 7-ply: SPE 15.77@16 25.08@32\n34.77@64, LD 83% SO 36.6% @64): speedup"
set ylabel 'speedup'
set yrange [0:*]
plot x with lines dashtype 2 linecolor rgb 'gray50' title 'linear', \
     'plot.dat' index 0 using 1:2 with linespoints linetype 1 pointtype 7 title 'ybwc on debruijn, distributed table', \
     'plot.dat' index 1 using 1:2 with points linetype 1 pointtype 6 pointsize 2 title 'paper: zugzwang introduction (P = 16, 32) and figure 5, row Φ (P = 64): 7-ply, the 24 ...'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'efficiency.svg'
set title "ZUGZWANG on BK-24: YBWC + distributed table, De Bruijn, transputer1990 (paper 7-ply: SPE 15.77@16 25.08@32\n34.77@64, LD 83% SO 36.6% @64): efficiency (speedup / P)"
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'ybwc on debruijn, distributed table', \
     'plot.dat' index 1 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: zugzwang introduction (P = 16, 32) and figure 5, row Φ (P = 64): 7-ply, the 24 ...'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'efficiency.png'
set title "ZUGZWANG on BK-24: YBWC + distributed table, De Bruijn, transputer1990 (paper 7-ply: SPE 15.77@16 25.08@32\n34.77@64, LD 83% SO 36.6% @64): efficiency (speedup / P)"
set ylabel 'efficiency (speedup / P)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:3 with linespoints linetype 1 pointtype 7 title 'ybwc on debruijn, distributed table', \
     'plot.dat' index 1 using 1:3 with points linetype 1 pointtype 6 pointsize 2 title 'paper: zugzwang introduction (P = 16, 32) and figure 5, row Φ (P = 64): 7-ply, the 24 ...'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'search_overhead.svg'
set title "ZUGZWANG on BK-24: YBWC + distributed table, De Bruijn, transputer1990 (paper 7-ply: SPE 15.77@16 25.08@32\n34.77@64, LD 83% SO 36.6% @64): search overhead (%)"
set ylabel 'search overhead (%)'
set yrange [0:120.527]
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'ybwc on debruijn, distributed table'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'search_overhead.png'
set title "ZUGZWANG on BK-24: YBWC + distributed table, De Bruijn, transputer1990 (paper 7-ply: SPE 15.77@16 25.08@32\n34.77@64, LD 83% SO 36.6% @64): search overhead (%)"
set ylabel 'search overhead (%)'
set yrange [0:120.527]
plot 'plot.dat' index 0 using 1:4 with linespoints linetype 1 pointtype 7 title 'ybwc on debruijn, distributed table'
unset output
set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'load.svg'
set title "ZUGZWANG on BK-24: YBWC + distributed table, De Bruijn, transputer1990 (paper 7-ply: SPE 15.77@16 25.08@32\n34.77@64, LD 83% SO 36.6% @64): load (%)"
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'ybwc on debruijn, distributed table'
unset output
set terminal pngcairo size 960,680 noenhanced font 'sans,10' background rgb 'white'
set output 'load.png'
set title "ZUGZWANG on BK-24: YBWC + distributed table, De Bruijn, transputer1990 (paper 7-ply: SPE 15.77@16 25.08@32\n34.77@64, LD 83% SO 36.6% @64): load (%)"
set ylabel 'load (%)'
set yrange [0:*]
plot 'plot.dat' index 0 using 1:5 with linespoints linetype 1 pointtype 7 title 'ybwc on debruijn, distributed table'
unset output
