// The library's own random generator. std:: distributions are implementation-defined (libstdc++
// natively and libc++ under Emscripten give different numbers), so every random choice goes through
// this class: xoshiro256** (Blackman & Vigna) seeded from a 64-bit seed by splitmix64, with
// distributions written out here from integer arithmetic, IEEE basic operations and det_math, so the
// native and the WebAssembly build produce bit-identical streams for the same seed.
#pragma once
#include <cstdint>
#include <utility>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

class Random {
 public:
  explicit Random(std::uint64_t seed = 0) { reseed(seed); }
  void reseed(std::uint64_t seed);

  // A seed for the index-th independent task (a tree, a fold, a restart) derived from `seed`, so
  // that results do not depend on how tasks are spread over workers.
  static std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index);

  std::uint64_t next_u64();  // 64 uniformly random bits
  // Uniform double in [0, 1): the top 53 bits of next_u64() times 2^-53 (one draw).
  double uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }
  // Uniform in [a, b): a + (b - a)·uniform() (one draw).
  double uniform(double a, double b) { return a + (b - a) * uniform(); }
  // Uniform integer in [0, n) without modulo bias (rejection of the 2^64 mod n lowest values).
  // n must be at least 1. Usually one draw.
  std::uint64_t integer(std::uint64_t n);
  Index index(Index n) { return static_cast<Index>(integer(static_cast<std::uint64_t>(n))); }
  // Normal deviate (Marsaglia's polar method: pairs of uniforms in the unit disc; the second value
  // of each pair is kept for the next call, and reseed() discards it).
  double normal(double mean = 0.0, double sd = 1.0) { return mean + sd * standard_normal(); }
  double standard_normal();

  // Fisher–Yates, from the last position down: element i swaps with a uniform j in [0, i].
  template <class It>
  void shuffle(It first, It last) {
    const auto n = last - first;
    for (auto i = n - 1; i > 0; --i) {
      const auto j = static_cast<decltype(i)>(integer(static_cast<std::uint64_t>(i) + 1));
      using std::swap;
      swap(first[i], first[j]);
    }
  }
  // 0 .. n-1 in random order (shuffle of the identity).
  IntVector permutation(Index n);

 private:
  std::uint64_t s_[4];
  double spare_ = 0;
  bool has_spare_ = false;
};

}  // namespace wasmlearn
