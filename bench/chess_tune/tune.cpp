// Evaluation tuner ("Texel" local search): fits the weights of chess/eval_weights.hpp so that
// the static evaluation of quiet positions predicts a judge's scores, comparing both through
// the logistic curve p(x) = 1 / (1 + 10^(-x / 400)). The data are "FEN;score" lines from
// make_data.py (our own self-play positions, scored by stockfish). Every weight is an int; each
// pass tries every weight one step up and down and keeps what lowers the mean squared error
// on the training part; a tenth of the positions is held out and reported.
//
// Build and run: bench/chess_tune/tune.sh DATA [PASSES]. Prints the new kDefaultWeights.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "chess/eval.hpp"
#include "chess/movegen.hpp"
#include "chess/see.hpp"

using namespace alphactor::chess;

namespace {

struct Sample {
  Position pos;
  double target;  // judge's win probability for the side to move
};

double prob(double cp) {
  return 1.0 / (1.0 + std::pow(10.0, -cp / 400.0));
}

// Quiet: not in check, no promotion, no capture that wins material by exchange.
bool quiet(const Position& pos) {
  if (pos.in_check()) return false;
  MoveList noisy;
  generate_noisy(pos, noisy);
  for (const Move m : noisy)
    if (m.is_promotion() || see_ge(pos, m, 1)) return false;
  return true;
}

double loss(const std::vector<Sample>& samples, std::size_t begin, std::size_t end) {
  double sum = 0;
  for (std::size_t i = begin; i < end; ++i) {
    const double d = prob(evaluate(samples[i].pos)) - samples[i].target;
    sum += d * d;
  }
  return sum / double(end - begin);
}

void print_pair(const char* name, Pair p) {
  std::printf("    .%s = {%d, %d},\n", name, p.mg, p.eg);
}
template <std::size_t N>
void print_ints(const char* name, const std::array<int, N>& a) {
  std::printf("    .%s = {", name);
  for (std::size_t i = 0; i < N; ++i) std::printf("%s%d", i ? ", " : "", a[i]);
  std::printf("},\n");
}
template <std::size_t N>
void print_pairs(const char* name, const std::array<Pair, N>& a) {
  std::printf("    .%s = {{", name);
  for (std::size_t i = 0; i < N; ++i) std::printf("%s{%d, %d}", i ? ", " : "", a[i].mg, a[i].eg);
  std::printf("}},\n");
}

void print(const EvalWeights& w) {
  std::printf("inline constexpr EvalWeights kDefaultWeights = {\n");
  print_pairs("material", w.material);
  print_ints("pawn_file_centre", w.pawn_file_centre);
  print_pairs("pawn_rank", w.pawn_rank);
  print_pair("knight_centre", w.knight_centre);
  print_pair("knight_offset", w.knight_offset);
  print_pair("bishop_centre", w.bishop_centre);
  print_pair("bishop_offset", w.bishop_offset);
  std::printf("    .minor_back_rank = %d,\n", w.minor_back_rank);
  print_pair("rook_seventh", w.rook_seventh);
  print_ints("rook_file_mg", w.rook_file_mg);
  print_pair("queen_centre", w.queen_centre);
  print_pair("queen_offset", w.queen_offset);
  print_ints("king_back_rank_mg", w.king_back_rank_mg);
  print_ints("king_second_rank_mg", w.king_second_rank_mg);
  std::printf("    .king_advanced_mg = %d,\n    .king_per_rank_mg = %d,\n", w.king_advanced_mg,
              w.king_per_rank_mg);
  std::printf("    .king_centre_eg = %d,\n    .king_offset_eg = %d,\n", w.king_centre_eg,
              w.king_offset_eg);
  print_pairs("mobility", w.mobility);
  print_pair("doubled", w.doubled);
  print_pair("isolated", w.isolated);
  print_pair("backward", w.backward);
  print_pair("connected_per_rank", w.connected_per_rank);
  print_pairs("passed", w.passed);
  std::printf("    .passed_free_path = %d,\n    .passed_enemy_king = %d,\n", w.passed_free_path,
              w.passed_enemy_king);
  std::printf("    .passed_own_king = %d,\n    .passed_blocked_scale = %d,\n", w.passed_own_king,
              w.passed_blocked_scale);
  std::printf("    .shelter_one_ahead = %d,\n    .shelter_two_ahead = %d,\n", w.shelter_one_ahead,
              w.shelter_two_ahead);
  std::printf("    .shelter_no_pawn = %d,\n    .shelter_open_file = %d,\n", w.shelter_no_pawn,
              w.shelter_open_file);
  print_ints("storm", w.storm);
  print_ints("king_attack_weight", w.king_attack_weight);
  std::printf("    .king_zone_attack = %d,\n", w.king_zone_attack);
  print_ints("safe_check", w.safe_check);
  std::printf("    .king_danger_max = %d,\n", w.king_danger_max);
  print_pair("threat_by_pawn", w.threat_by_pawn);
  print_pair("threat_by_minor", w.threat_by_minor);
  print_pair("threat_by_rook", w.threat_by_rook);
  print_pair("hanging", w.hanging);
  std::printf("    .space = %d,\n", w.space);
  print_pair("knight_outpost", w.knight_outpost);
  print_pair("bishop_outpost", w.bishop_outpost);
  print_pair("bishop_pair", w.bishop_pair);
  print_pair("rook_open_file", w.rook_open_file);
  print_pair("rook_semi_open_file", w.rook_semi_open_file);
  std::printf("    .tempo = %d,\n    .mop_up_edge = %d,\n    .mop_up_king_distance = %d,\n};\n",
              w.tempo, w.mop_up_edge, w.mop_up_king_distance);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: tune DATA [PASSES]\n");
    return 2;
  }
  const int passes = argc > 2 ? std::atoi(argv[2]) : 10;
  std::vector<Sample> samples;
  std::ifstream in(argv[1]);
  int read = 0;
  for (std::string line; std::getline(in, line);) {
    const auto semi = line.rfind(';');
    if (semi == std::string::npos) continue;
    ++read;
    const int cp = std::stoi(line.substr(semi + 1));
    if (std::abs(cp) > 1500) continue;
    Position pos = Position::from_fen(line.substr(0, semi));
    if (!quiet(pos)) continue;
    samples.push_back({pos, prob(cp)});
  }
  std::mt19937 rng(42);
  std::shuffle(samples.begin(), samples.end(), rng);
  const std::size_t held = samples.size() / 10, n = samples.size();
  std::fprintf(stderr, "%d positions read, %zu quiet: %zu to fit, %zu held out\n", read, n,
               n - held, held);

  EvalWeights w = eval_weights();
  static_assert(sizeof(EvalWeights) % sizeof(int) == 0);
  constexpr std::size_t kCount = sizeof(EvalWeights) / sizeof(int);
  int* params = reinterpret_cast<int*>(&w);
  auto fit_loss = [&] {
    set_eval_weights(w);
    return loss(samples, held, n);
  };
  // Weights the data say too little about stay as set by hand: endgame mop-up (few lone-king
  // positions) and the cap on king danger.
  auto frozen = [](std::size_t i) {
    const std::size_t byte = i * sizeof(int);
    return byte == offsetof(EvalWeights, mop_up_edge) ||
           byte == offsetof(EvalWeights, mop_up_king_distance) ||
           byte == offsetof(EvalWeights, king_danger_max);
  };
  double best = fit_loss();
  std::fprintf(stderr, "start: fit %.6f held-out %.6f\n", best, loss(samples, 0, held));
  for (int pass = 0; pass < passes; ++pass) {
    int changed = 0;
    for (std::size_t i = 0; i < kCount; ++i) {
      if (frozen(i)) continue;
      const int step = std::max(1, std::abs(params[i]) / 16);
      for (const int dir : {+1, -1}) {
        bool improved = false;
        for (;;) {  // keep walking while it helps
          params[i] += dir * step;
          const double l = fit_loss();
          if (l < best) {
            best = l;
            improved = true;
            ++changed;
          } else {
            params[i] -= dir * step;
            break;
          }
        }
        if (improved) break;
      }
    }
    set_eval_weights(w);
    std::fprintf(stderr, "pass %d: %d changes, fit %.6f held-out %.6f\n", pass + 1, changed, best,
                 loss(samples, 0, held));
    if (!changed) break;
  }
  print(w);
  return 0;
}
