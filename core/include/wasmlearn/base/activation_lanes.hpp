// tanh, the logistic function, softmax's e^u and the softplus's log(1 + e) on two lanes (lanes.hpp),
// from IEEE basic operations only: the same bits natively and in WebAssembly, for training and
// prediction alike (the MLP, the logistic loss, softmax rows, the sigmoid kernel); libm's differ.
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

inline constexpr int kActivationConstantCount = 35;
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

  // log(1 + e) for 0 ≤ e ≤ 1 (the softplus log(1 + e^z) = max(z, 0) + log(1 + e^−|z|)), within 1 ulp.
  // w = 1 + e rounded, and what the rounding lost, (e − (w − 1))/w, added with ln2's low part; log w
  // with w halved above √2 (k = 1), so that f = w − 1 (exact) lies in (−0.29, 0.42]: with s = f/(2 + f),
  // log(1 + f) = 2 atanh s = f − s·(f − R), R = Σ 2s^2n/(2n + 1) for n = 1..10 (|s| ≤ 0.172: the next
  // term is below 2^-60 of the result), by Estrin's scheme.
  template <class T>
  T log1p_of_unit(T e) const {
    const T w = c<T>(kOne) + e;
    const T lost = (e - (w - c<T>(kOne))) / w;
    const auto above = w > c<T>(kSqrt2);
    const T f = select_lanes(above, w * c<T>(kHalf), w) - c<T>(kOne);
    const T k = select_lanes(above, c<T>(kOne), zero<T>());
    const T s = f / (c<T>(kTwo) + f);
    const T z = s * s, z2 = z * z, z4 = z2 * z2, z8 = z4 * z4;
    auto pair = [&](int n) { return z * c<T>(kR0 + n + 1) + c<T>(kR0 + n); };  // the series' terms n, n + 1
    const T low = (pair(2) * z2 + pair(0)) + (pair(6) * z2 + pair(4)) * z4;  // terms 0..7
    const T R = z * (pair(8) * z8 + low);
    return k * c<T>(kLn2Hi) - ((s * (f - R) - (k * c<T>(kLn2Lo) + lost)) - f);
  }

 private:
  // kQ0 + n: 1/(n+1)!; kR0 + n: 2/(2n+3).
  enum { kInvLn2, kRound, kLn2Hi, kLn2Lo, kOne, kTwo, kMinusTwo, kTanhClamp, kTanhTiny, kExpClamp, kQ0, kSqrt2 = kQ0 + 13, kHalf, kR0 };

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

// v[j] = e^(v[j] − top) for the n values of a row whose maximum is top, two at a time, returning
// their sum taken in order: a softmax's or a log-sum-exp's row.
inline double exp_below_top_in_place(const ActivationLanes& activations, double* v, Index n, double top) {
  const Lanes2 shift = splat_lanes(top);
  double sum = 0;
  Index j = 0;
  for (; j + 2 <= n; j += 2) {
    const Lanes2 e = activations.exp_of_nonpositive(load_lanes(v + j) - shift);
    store_lanes(v + j, e);
    sum += e[0];
    sum += e[1];
  }
  if (j < n) sum += (v[j] = activations.exp_of_nonpositive(v[j] - top));
  return sum;
}

// The same three in single precision on four float32 lanes, for predictions asked in float32 (the
// network view's maps: a picture, where float precision is plenty; the call costs a third). The
// same scheme with float's constants: |r| ≤ ln2/2, ln2 in two parts (k·ln2_hi exact for |k| < 2^7),
// q to r⁶/7! (the next term is below 2^-25 of q), tanh clamped at 10 (tanh 10 rounds to 1) and equal
// to x below 2^-12, e^u clamped at −104 (below the smallest subnormal) and scaled by two powers of
// two. Within 4 float ulp of the correctly rounded value (tests/core/activation_lanes_test.cpp).
class FloatActivationLanes {
 public:
  FloatActivationLanes() {
    const float values[kCount] = {1.44269504f, 0x1.8p23f, 0.693145752f, 1.42860677e-6f, 1.0f, 2.0f, -2.0f, 10.0f,
                                  0x1p-12f, -104.0f, 1.0f, 1.0f / 2, 1.0f / 6, 1.0f / 24, 1.0f / 120, 1.0f / 720,
                                  1.0f / 5040};
    for (int i = 0; i < kCount; ++i) c_[i] = Floats4{} + values[i];
  }

  Floats4 tanh(Floats4 x) const {
    const Floats4 magnitude = min_lanes(abs_lanes(x), c_[kTanhClamp]);
    const Floats4 u = magnitude * c_[kMinusTwo];
    const Floats4 shifted = rounded_over_ln2(u);
    const Floats4 scale = power_of_two(shifted, 0);
    const Floats4 m = scale * expm1_reduced(u, shifted) + (scale - c_[kOne]);
    const Floats4 t = -m / (c_[kTwo] + m);
    return select_lanes(abs_lanes(x) >= c_[kTanhTiny], select_lanes(x < Floats4{}, -t, t), x);
  }
  Floats4 exp_of_nonpositive(Floats4 u) const { return select_lanes(u != u, u, exp_clamped(u)); }
  Floats4 logistic(Floats4 z) const {
    const Floats4 e = exp_clamped(-abs_lanes(z));
    const Floats4 numerator = select_lanes(z < Floats4{}, e, c_[kOne]);
    return select_lanes(z != z, z, numerator / (c_[kOne] + e));
  }

 private:
  enum { kInvLn2, kRound, kLn2Hi, kLn2Lo, kOne, kTwo, kMinusTwo, kTanhClamp, kTanhTiny, kExpClamp, kQ0, kCount = kQ0 + 7 };

  Floats4 exp_clamped(Floats4 u) const {
    const Floats4 clamped = max_lanes(u, c_[kExpClamp]);
    const Floats4 shifted = rounded_over_ln2(clamped);
    const Floats4 y = c_[kOne] + expm1_reduced(clamped, shifted);
    return y * power_of_two(shifted, 1) * power_of_two(shifted, 2);
  }
  Floats4 rounded_over_ln2(Floats4 u) const { return u * c_[kInvLn2] + c_[kRound]; }
  // 2^k for shifted = k + 1.5·2^23 (part 0), or its halves 2^(k/2) (part 1) and 2^(k − k/2) (part 2),
  // built in the exponent field (k ≥ −150: each half is a normal number).
  Floats4 power_of_two(Floats4 shifted, int part) const {
    Ints4 k, round;
    std::memcpy(&k, &shifted, sizeof k);
    std::memcpy(&round, &c_[kRound], sizeof round);
    k -= round;
    const Ints4 half = k >> 1;
    const Ints4 exponent = (part == 0 ? k : part == 1 ? half : k - half) + 127;
    const Ints4 bits = (Ints4)((unsigned __attribute__((vector_size(16))))exponent << 23);
    Floats4 out;
    std::memcpy(&out, &bits, sizeof out);
    return out;
  }
  Floats4 expm1_reduced(Floats4 u, Floats4 shifted) const {
    const Floats4 k = shifted - c_[kRound];
    const Floats4 r = (u - k * c_[kLn2Hi]) - k * c_[kLn2Lo];
    const Floats4 r2 = r * r, r4 = r2 * r2;
    auto pair = [&](int n) { return r * c_[kQ0 + n + 1] + c_[kQ0 + n]; };
    return r * ((pair(2) * r2 + pair(0)) + (c_[kQ0 + 6] * r2 + pair(4)) * r4);
  }

  Floats4 c_[kCount];
};

}  // namespace wasmlearn
