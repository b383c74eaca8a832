// The Catch2 main, compiled once into its own object (it costs ~26 s to compile).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
