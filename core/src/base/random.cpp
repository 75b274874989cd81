#include "wasmlearn/base/random.hpp"

#include <cmath>

#include "wasmlearn/base/det_math.hpp"

namespace wasmlearn {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

void Random::reseed(std::uint64_t seed) {
  std::uint64_t sm = seed;
  for (auto& s : s_) s = splitmix64(sm);  // never all zero: splitmix64 is a bijection of a counter
  has_spare_ = false;
  spare_ = 0;
}

std::uint64_t Random::derive_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t sm = seed ^ splitmix64(index);
  return splitmix64(sm);
}

std::uint64_t Random::next_u64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Random::integer(std::uint64_t n) {
  if (n <= 1) return 0;
  const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n: the values below it are rejected
  for (;;) {
    const std::uint64_t r = next_u64();
    if (r >= threshold) return r % n;
  }
}

double Random::standard_normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u, v, s;
  do {
    u = 2.0 * uniform() - 1.0;
    v = 2.0 * uniform() - 1.0;
    s = u * u + v * v;
  } while (s >= 1.0 || s == 0.0);
  const double m = std::sqrt(-2.0 * det_log(s) / s);  // sqrt is correctly rounded everywhere
  spare_ = v * m;
  has_spare_ = true;
  return u * m;
}

IntVector Random::permutation(Index n) {
  IntVector p(n);
  for (Index i = 0; i < n; ++i) p[i] = static_cast<int>(i);
  shuffle(p.data(), p.data() + n);
  return p;
}

}  // namespace wasmlearn
