#!/usr/bin/env bash
# Bad input: exactly one line on stderr that names the problem, and exit code 2.
set -u
bin=$1
. "$(dirname "$0")/cli_common.sh"
expect_error "unknown kind 'oak'" -- search --tree oak:w=2,d=2 --depth 2
expect_error "missing 'd'" -- search --tree random:w=4 --depth 2
expect_error "unknown algorithm 'mtdf'" -- search --tree random:w=4,d=4 --depth 2 --algorithm mtdf
expect_error "depth" -- search --tree random:w=4,d=4 --depth 0
expect_error "unknown game 'go'" -- search --game go --tree random:w=4,d=4 --depth 2
expect_error "needs a tree spec" -- search --depth 2
expect_error "depth" -- search --tree random:w=4,d=4
expect_error "The following argument was not expected: --frobnicate" -- search --depth 2 --frobnicate
expect_error "subcommand" --
expect_error "does not exist" -- run /nonexistent.toml
printf 'depth = 3\npositions = ["random:w=2,d=2"]\nwidth = 4\n' >"$tmp/bad.toml"
expect_error "key 'width': unknown key" -- run "$tmp/bad.toml"
printf 'depth = [\n' >"$tmp/broken.toml"
expect_error "broken.toml:" -- run "$tmp/broken.toml"
expect_error "unknown topology 'mesh'" -- topology mesh --processors 4
expect_error "hypercube needs a power of two processors, got 6" -- topology hypercube --processors 6
expect_error "processor count must be" -- topology ring --processors 0
# An option only parallel runs use, given to a sequential search, is refused, not ignored.
expect_error "--processors is for parallel runs, and 'pvs' is a sequential search" -- search --tree random:w=4,d=4 --depth 3 --algorithm pvs -p 4
expect_error "--topology is for parallel runs, and 'alphabeta' is a sequential search" -- search --tree random:w=4,d=4 --depth 3 --topology ring
expect_error "--er-serial-ply is for parallel runs, and er without --processors is serial ER" -- search --tree random:w=4,d=4 --depth 3 --algorithm er --er-serial-ply 2
expect_error "--mode is for parallel runs" -- search --game chess --fen startpos --depth 2 --algorithm pvs --mode real
# A parallel option the run's algorithm or topology does not use is refused, not ignored.
expect_error "--er-serial-ply is for er, not ybwc" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc -p 2 --er-serial-ply 2
expect_error "--no-helping is for pvsplit, pmws and treesplit, not dts-bb" -- search --tree random:w=4,d=4 --depth 3 --algorithm dts-bb -p 2 --no-helping
expect_error "--cut-wait is for the algorithms that split a search, not er" -- search --tree random:w=4,d=4 --depth 3 --algorithm er -p 2 --cut-wait 2
expect_error "--steal-backoff-us is for ybwc and er, whose idle processors ask for work; pvsplit's are given theirs" -- search --tree random:w=4,d=4 --depth 3 --algorithm pvsplit -p 2 --topology tree --steal-backoff-us 5
expect_error "--fanout is for the tree topology, not ring" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc -p 4 --topology ring --fanout 3
expect_error "--table: a table placement (\"local\") is for the algorithms that split a search, not er" -- search --tree random:w=4,d=4 --depth 3 --algorithm er -p 2 --table local --hash 1
expect_error "--gossip is for the algorithms that split a search, not er" -- search --tree random:w=4,d=4 --depth 3 --algorithm er -p 2 --gossip
# A position in another game's flag, or two positions.
expect_error "--fen is a chess position and the game is tree: add --game chess" -- search --fen startpos --depth 2
expect_error "--board is an othello board and the game is chess: add --game othello" -- search --game chess --board start --depth 2
expect_error "--tree is a synthetic tree and the game is othello: drop --game othello" -- search --game othello --tree random:w=2,d=2 --depth 2
expect_error "give one position" -- search --tree random:w=2,d=2 --fen startpos --depth 2
expect_error "--fanout is for the tree topology, not ring" -- topology ring -p 4 --fanout 3
expect_error "--rows is for the torus topology, not hypercube" -- topology hypercube -p 4 --rows 2
# Tables (issue 6).
expect_error "unknown table placement 'shared'" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --table shared
expect_error "table-min-draft must be at least 0" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --table-min-draft -1
expect_error "inline-depth must be at least 0" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --inline-depth -1
expect_error "hybrid-draft must be at least 0" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --table hybrid --hybrid-draft -1
expect_error "min_split_depth must be -128..128" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --min-split-depth -200
printf 'depth = 3\npositions = ["random:w=2,d=2"]\nalgorithm = "ybwc"\ntable = "shared"\n' >"$tmp/table.toml"
expect_error "key 'table'" -- run "$tmp/table.toml"
printf 'depth = 3\npositions = ["random:w=2,d=2"]\nalgorithm = "ybwc"\ngossip_threshold = -5\n' >"$tmp/gossip.toml"
expect_error "key 'gossip_threshold'" -- run "$tmp/gossip.toml"
# One table-size option: --hash (MiB or with a unit); the old --table-kb names it.
expect_error "--table-kb is gone: use --hash SIZE" -- search --tree random:w=3,d=5,seed=1 --depth 4 --algorithm ybwc -p 2 --table-kb 320
expect_error "--hash '3parsecs': expected a size" -- search --tree random:w=3,d=5,seed=1 --depth 4 --hash 3parsecs
# The soak (issue 24): a time that is not a positive number of seconds.
expect_error "--seconds must be more than 0, got '0'" -- soak --seconds 0
expect_error "--seconds needs a number of seconds, got 'abc'" -- soak --seconds abc
expect_error "--seconds is required" -- soak --seed 1
expect_error "steal back-off 0 in real mode" -- search --tree random:w=3,d=5,seed=1 --depth 4 --algorithm er -p 2 --mode real --steal-backoff-us 0
expect_error "--max-seconds must be more than 0" -- search --tree random:w=3,d=5,seed=1 --depth 4 --algorithm ybwc -p 2 --max-seconds 0
# Runs that cannot fit this machine (issue 23): refused before any processor is spawned.
expect_error "run needs at least" -- search --tree random:w=3,d=5,seed=1 --depth 4 --algorithm ybwc -p 65536 --topology debruijn --hash 1024
expect_error "tables" -- search --tree random:w=3,d=5,seed=1 --depth 4 --algorithm ybwc -p 65536 --topology debruijn --hash 1024
[ $fails -eq 0 ] && echo "all bad inputs refused with one line and exit 2"
exit $fails
