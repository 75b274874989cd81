// The MLP's tanh, logistic and softmax's e^u on two lanes (lanes.hpp), from IEEE basic operations only:
// the same bits natively and in WebAssembly, for training and prediction alike.
//
// All three need e^u for u ≤ 0 only (tanh is odd; logistic(−z) = 1 − logistic(z); softmax takes
// e^(v − max)), which is e^u = 2^k·(1 + p) with k = round(u/ln2), r = u − k·ln2 (ln2 in two parts,
// so r is exact to about 2^-60, |r| ≤ ln2/2) and p = e^r − 1 = r·q(r), q the Taylor series
// 1/1! + r/2! + ... + r¹²/13! (the next term is below 2^-56 of q) by Estrin's scheme. Keeping e^r − 1
// rather than e^r is what makes tanh accurate near 0:
//   tanh |x| = −m / (2 + m),  m = e^(−2|x|) − 1 = 2^k·p + (2^k − 1)  (with k = 0: m = p, no cancellation);
//   logistic z = 1 / (1 + e) for z ≥ 0,  e / (1 + e) for z < 0,  e = e^(−|z|) = 2^k·(1 + p).
// One division each, no branch. tanh within 4.5 ulp, logistic within 2.5 ulp over every double (the
// worst tanh seen: 3.99 ulp in 100 M arguments at 0.174, where k turns −1 and m = (e^r − 1)/2 − 1/2
// partly cancels), e^u within 2 ulp (1.55 seen), all tested against long double in
// tests/core/activation_lanes_test.cpp; tanh(±0) = ±0, tanh(±inf) = ±1, logistic(−inf) = 0,
// logistic(+inf) = 1, e^−inf = 0, NaN stays NaN.
//
// The constants are kept in lanes, as ExpLanes' are (lanes.hpp: read from memory once, not rebuilt
// in every iteration by V8).
#pragma once
#include "wasmlearn/base/det_lanes.hpp"
#include "wasmlearn/base/lanes.hpp"

namespace wasmlearn {

inline constexpr int kActivationConstantCount = 23;
extern const double kActivationConstants[kActivationConstantCount];

class ActivationLanes : LaneConstants<kActivationConstantCount> {
 public:
  ActivationLanes() : LaneConstants(kActivationConstants) {}

  template <class T>
  T tanh(T x) const {
    // tanh(22) is 1 in double precision; the clamp keeps 2^k a normal number (k ≥ −64).
    const T magnitude = min_lanes(abs_lanes(x), c<T>(kTanhClamp));
    const T u = magnitude * c<T>(kMinusTwo);
    const T shifted = rounded_over_ln2(u);
    const T scale = power_of_two(shifted, c<T>(kOne));  // k ≥ −64: a normal number
    const T m = scale * expm1_reduced(u, shifted) + (scale - c<T>(kOne));
    const T t = -m / (c<T>(kTwo) + m);
    // Below 2^-28 tanh x rounds to x (x³/3 is under half an ulp): that also keeps ±0 and NaN.
    return select_lanes(abs_lanes(x) >= c<T>(kTanhTiny), select_lanes(x < zero<T>(), -t, t), x);
  }

  // e^u for u ≤ 0 (softmax's v − max): within 2 ulp; 0 below −745.2, NaN stays NaN.
  template <class T>
  T exp_of_nonpositive(T u) const {
    return select_lanes(u != u, u, exp_clamped(u));
  }

  template <class T>
  T logistic(T z) const {
    const T e = exp_clamped(-abs_lanes(z));
    const T numerator = select_lanes(z < zero<T>(), e, c<T>(kOne));
    return select_lanes(z != z, z, numerator / (c<T>(kOne) + e));
  }

 private:
  enum { kInvLn2, kRound, kLn2Hi, kLn2Lo, kOne, kTwo, kMinusTwo, kTanhClamp, kTanhTiny, kExpClamp, kQ0 };  // kQ0 + n: 1/(n+1)!

  template <class T>
  static T zero() {
    return splat_as<T>(0.0);
  }
  // e^u for u ≤ 0 but NaN, as 2^k·(1 + p). e^−746 is 0: the clamp keeps k's integer arithmetic in range.
  template <class T>
  T exp_clamped(T u) const {
    const T clamped = max_lanes(u, c<T>(kExpClamp));
    const T shifted = rounded_over_ln2(clamped);
    return times_power_of_two(c<T>(kOne) + expm1_reduced(clamped, shifted), shifted);
  }
  // u/ln2 rounded to an integer k, as k + 1.5·2^52 (times_power_of_two's form).
  template <class T>
  T rounded_over_ln2(T u) const {
    return u * c<T>(kInvLn2) + c<T>(kRound);
  }
  // e^r − 1 for r = u − k·ln2.
  template <class T>
  T expm1_reduced(T u, T shifted) const {
    const T k = shifted - c<T>(kRound);
    const T r = (u - k * c<T>(kLn2Hi)) - k * c<T>(kLn2Lo);
    const T r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    auto pair = [&](int n) { return r * c<T>(kQ0 + n + 1) + c<T>(kQ0 + n); };  // q's terms n, n + 1
    const T low = (pair(2) * r2 + pair(0)) + (pair(6) * r2 + pair(4)) * r4;    // terms 0..7
    const T high = (pair(10) * r2 + pair(8)) + c<T>(kQ0 + 12) * r4;            // terms 8..12, over r⁸
    return r * (high * r8 + low);
  }
};

}  // namespace wasmlearn
