// det_math's e^x on two lanes (lanes.hpp), with det_exp's bits, and the lane-wise choice: the MLP's
// softmax in prediction (the same bits as the training's det_exp); its tanh and logistic are
// activation_lanes.hpp's.
#pragma once
#include <cstring>
#include <type_traits>

#include "wasmlearn/base/lanes.hpp"

namespace wasmlearn {

// A lane-wise choice: a where the mask is set, b elsewhere (one value: mask is a bool).
inline Lanes2 select_lanes(Longs2 mask, Lanes2 a, Lanes2 b) {
  Longs2 ab, bb;
  std::memcpy(&ab, &a, sizeof ab);
  std::memcpy(&bb, &b, sizeof bb);
  const Longs2 chosen = (mask & ab) | (~mask & bb);
  Lanes2 out;
  std::memcpy(&out, &chosen, sizeof out);
  return out;
}
inline double select_lanes(bool mask, double a, double b) { return mask ? a : b; }

// det_exp (det_math.hpp, fdlibm's algorithm) on two lanes, with its bits: each of its branches
// becomes a lane-wise choice. k is fdlibm's k (0 below 0.5·ln2 by the high word of |x|, else
// (int)(x/ln2 ± 0.5), here the floor of |x|/ln2 + 0.5 with x's sign), then the same reduction
// x − k·ln2 in two parts, the same rational approximation and the same order of operations; with
// k = 0 the general formula gives fdlibm's k = 0 formula exactly. 2^k is applied as two exact
// powers of two (one rounding, as fdlibm's), the tiny, overflowing, underflowing and NaN arguments
// are chosen at the end. The constants are kept in lanes as ExpLanes' (kDetExpConstants, det_math.cpp).
inline constexpr int kDetExpConstantCount = 19;
extern const double kDetExpConstants[kDetExpConstantCount];

class DetExpLanes : LaneConstants<kDetExpConstantCount> {
 public:
  DetExpLanes() : LaneConstants(kDetExpConstants) {}

  template <class T>
  T operator()(T x) const {
    enum { kInvLn2, kHalf, kRound, kOne, kLn2Hi, kLn2Lo, kP1, kP2, kP3, kP4, kP5, kTwo, kReduceAbove, kTiny,
           kOverflow, kUnderflow, kInfinity, kClampLow, kClampHigh };
    const T zero = c<T>(kOne) - c<T>(kOne);
    // Arguments past the clamp are chosen at the end; the clamp keeps k's integer arithmetic in range.
    const T clamped = min_lanes(max_lanes(x, c<T>(kClampLow)), c<T>(kClampHigh));
    const T magnitude = abs_lanes(clamped);
    const T scaled = magnitude * c<T>(kInvLn2) + c<T>(kHalf);
    const T rounded = (scaled + c<T>(kRound)) - c<T>(kRound);
    T k = rounded - select_lanes(rounded > scaled, c<T>(kOne), zero);  // the floor of `scaled`
    k = select_lanes(magnitude > c<T>(kReduceAbove), k, zero);
    k = select_lanes(clamped < zero, -k, k);
    const T hi = clamped - k * c<T>(kLn2Hi), lo = k * c<T>(kLn2Lo);
    const T r = hi - lo;
    const T t = r * r;
    const T poly = r - t * (c<T>(kP1) + t * (c<T>(kP2) + t * (c<T>(kP3) + t * (c<T>(kP4) + t * c<T>(kP5)))));
    const T y = c<T>(kOne) - ((lo - (r * poly) / (c<T>(kTwo) - poly)) - hi);
    T result = times_power_of_two(y, k + c<T>(kRound));
    result = select_lanes(abs_lanes(x) < c<T>(kTiny), c<T>(kOne) + x, result);
    result = select_lanes(x > c<T>(kOverflow), c<T>(kInfinity), result);
    result = select_lanes(x < c<T>(kUnderflow), zero, result);
    return select_lanes(x != x, x + x, result);
  }
};

}  // namespace wasmlearn
