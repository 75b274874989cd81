// Distance kernels, written once on the packet layer (lanes.hpp): every distance the library
// computes between two rows (the neighbours' search in every algorithm, k-means' assignments,
// bounds, seeding and inertia) comes from these, natively as in WebAssembly.
//
// They return a *reduced* distance (cheaper, same order): squared Euclidean, sum of |d|, max |d|, or
// sum |d|^p for general Minkowski (neighbors/distance.hpp turns it into the true distance).
//
// One accumulation order everywhere: lane 0 accumulates features 0, 2, 4, ..., lane 1 features
// 1, 3, 5, ...; then lane 0 (+) lane 1; then (+) the last feature when the count is odd. Both forms
// below follow it: rows (reduce_rows, one row against R rows) and columns (distances_to_columns,
// one row against centres stored feature-major), so they agree bit for bit.
#pragma once
#include <algorithm>
#include <cmath>
#include <optional>

#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// The per-feature term and the accumulation of each reduced distance, for a double and for Lanes2.
struct SquaredEuclideanOp {
  template <class T>
  static T term(T a, T b) {
    const T d = a - b;
    return d * d;
  }
  template <class T>
  static T combine(T acc, T t) {
    return acc + t;
  }
};

struct ManhattanOp {
  template <class T>
  static T term(T a, T b) {
    return abs_lanes(a - b);
  }
  template <class T>
  static T combine(T acc, T t) {
    return acc + t;
  }
};

// Manhattan's terms, combined by max. Terms are non-negative and finite (inputs are validated), so
// max has no NaN/sign subtleties.
struct ChebyshevOp : ManhattanOp {
  template <class T>
  static T combine(T acc, T t) {
    return max_lanes(acc, t);
  }
};

// |a − b|^p, by multiplications when p is a whole number up to kMaxWholePower (p = 3, 4: the common
// ones), by PowLanes otherwise. Minkowski with p = 1 and 2 is resolved to the ops above.
struct MinkowskiOp {
  static constexpr double kMaxWholePower = 8;
  explicit MinkowskiOp(double p) : whole(p == std::floor(p) && p <= kMaxWholePower ? static_cast<int>(p) : 0) {
    if (whole == 0) power.emplace(p);  // its constants only when they are used
  }
  int whole;  // p when it is a whole number up to kMaxWholePower, else 0
  std::optional<PowLanes> power;
  template <class T>
  T term(T a, T b) const {
    const T magnitude = abs_lanes(a - b);
    return whole > 0 ? whole_power_lanes(magnitude, whole) : (*power)(magnitude);
  }
  template <class T>
  static T combine(T acc, T t) {
    return acc + t;
  }
};

// Reduced distances from query `q` to R rows x, x + stride, ..., each of `d` features.
// The operations per row are the same for every R, so R = 1 and R = 4 agree bit for bit.
template <int R, class Op>
inline void reduce_rows(const Op& op, const double* q, const double* x, Index stride, Index d, double* out) {
  const Index pairs = d / 2;
  Lanes2 acc[R];
  for (int r = 0; r < R; ++r) acc[r] = splat_lanes(0.0);
  for (Index j = 0; j < pairs; ++j) {
    const Lanes2 vq = load_lanes(q + 2 * j);
    for (int r = 0; r < R; ++r) acc[r] = op.combine(acc[r], op.term(vq, load_lanes(x + r * stride + 2 * j)));
  }
  for (int r = 0; r < R; ++r) {
    out[r] = op.combine(acc[r][0], acc[r][1]);
    if (d % 2) out[r] = op.combine(out[r], op.term(q[d - 1], x[r * stride + d - 1]));
  }
}

// ‖x − c‖² (p features).
inline double squared_distance(const double* x, const double* c, Index p) {
  double d;
  reduce_rows<1>(SquaredEuclideanOp{}, x, c, 0, p, &d);
  return d;
}

// out[2l], out[2l + 1] = the square roots of the squared distances from x to the centres in columns
// 2l, 2l + 1 of c (rows `stride` apart), l < kPairs: the partial sums stay in registers and each x_t
// is broadcast once.
template <int kPairs>
inline void distances_tile(const double* x, Index p, const double* c, Index stride, double* out) {
  Lanes2 even[kPairs], odd[kPairs];
  for (int l = 0; l < kPairs; ++l) even[l] = odd[l] = splat_lanes(0.0);
  Index t = 0;
  for (; t + 2 <= p; t += 2) {
    const Lanes2 a = splat_lanes(x[t]), b = splat_lanes(x[t + 1]);
    const double* ca = c + t * stride;
    for (int l = 0; l < kPairs; ++l) {
      even[l] += SquaredEuclideanOp::term(a, load_lanes(ca + 2 * l));
      odd[l] += SquaredEuclideanOp::term(b, load_lanes(ca + stride + 2 * l));
    }
  }
  for (int l = 0; l < kPairs; ++l) {
    Lanes2 sum = even[l] + odd[l];
    if (t < p) sum += SquaredEuclideanOp::term(splat_lanes(x[t]), load_lanes(c + t * stride + 2 * l));
    store_lanes(out + 2 * l, sqrt_lanes(sum));
  }
}

// out[j] = ‖x − c_j‖ for the `width` centres (width even) stored feature-major in `columns` (entry
// (t, j) at t·width + j), up to eight centres per tile.
inline void distances_to_columns(const double* x, Index p, const double* columns, Index width, double* out) {
  constexpr Index kTile = 8;
  for (Index j = 0; j < width; j += kTile) {
    const double* c = columns + j;
    switch (std::min(kTile, width - j) / 2) {
      case 1: distances_tile<1>(x, p, c, width, out + j); break;
      case 2: distances_tile<2>(x, p, c, width, out + j); break;
      case 3: distances_tile<3>(x, p, c, width, out + j); break;
      default: distances_tile<4>(x, p, c, width, out + j); break;
    }
  }
}

}  // namespace wasmlearn
