// The lane-wise choice (lanes.hpp's two lanes, or one value), for activation_lanes.hpp's branch-free
// functions and the MLP's relu derivative.
#pragma once
#include <cstring>

#include "wasmlearn/base/lanes.hpp"

namespace wasmlearn {

// A lane-wise choice: a where the mask is set, b elsewhere (Lanes2 with a Longs2 mask, Floats4 with
// an Ints4 mask, as their comparisons give; one value: mask is a bool).
template <class Mask, class V>
inline V select_lanes(Mask mask, V a, V b) {
  static_assert(sizeof(Mask) == sizeof(V) && sizeof(V) == 16, "a mask of the lanes' width");
  Mask ab, bb;
  std::memcpy(&ab, &a, sizeof ab);
  std::memcpy(&bb, &b, sizeof bb);
  const Mask chosen = (mask & ab) | (~mask & bb);
  V out;
  std::memcpy(&out, &chosen, sizeof out);
  return out;
}
inline double select_lanes(bool mask, double a, double b) { return mask ? a : b; }

}  // namespace wasmlearn
