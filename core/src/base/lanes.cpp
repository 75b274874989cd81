#include "wasmlearn/base/lanes.hpp"

namespace wasmlearn {

// ExpLanes' constants: the clamp, the rounding to k, ln2 in two parts, then 1/n! for n = 0..13.
extern const double kExpConstants[kExpConstantCount] = {
    -746.0, 710.0, 1.4426950408889634, 0x1.8p52, 0.693147180369123816490, 1.90821492927058770002e-10,
    1.0, 1.0, 1.0 / 2.0, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0, 1.0 / 5040.0, 1.0 / 40320.0,
    1.0 / 362880.0, 1.0 / 3628800.0, 1.0 / 39916800.0, 1.0 / 479001600.0, 1.0 / 6227020800.0};

// PowLanes' constants, in PowConstant's order: ln2 in two parts as ExpLanes', Veltkamp's 2^27 + 1,
// the exponent's limit, 1/3, 1/5, …, 1/25, then p in halves and p.
std::array<double, kPowConstantCount> PowLanes::constants(double p) {
  double mantissa_mask;
  const unsigned long long mask_bits = 0x000fffffffffffffULL;
  std::memcpy(&mantissa_mask, &mask_bits, sizeof mantissa_mask);
  std::array<double, kPowConstantCount> c = {0x1p-1022, 0x1p54, 0x1p52, mantissa_mask, 1.0, 1.4142135623730951, 0.5, 1023.0,
                                             54.0, 2.0, kExpConstants[4], kExpConstants[5], 134217729.0, 1000.0};
  for (int i = 0; i < 12; ++i) c[static_cast<std::size_t>(kPowInverseOdd + i)] = 1.0 / (2 * i + 3);
  // Veltkamp's halves; past 2^996 the scaling would overflow, and p·log v is in e's range only at v = 1.
  const double scaled = p * 134217729.0, high = p < 0x1p996 ? scaled - (scaled - p) : p;
  c[kPowHigh] = high;
  c[kPowLow] = p - high;
  c[kPowP] = p;
  return c;
}

}  // namespace wasmlearn
