// The lane-wise choice (lanes.hpp's two lanes, or one value), for activation_lanes.hpp's branch-free
// functions and the MLP's relu derivative.
#pragma once
#include <cstring>

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
inline Floats4 select_lanes(Ints4 mask, Floats4 a, Floats4 b) {
  Ints4 ab, bb;
  std::memcpy(&ab, &a, sizeof ab);
  std::memcpy(&bb, &b, sizeof bb);
  const Ints4 chosen = (mask & ab) | (~mask & bb);
  Floats4 out;
  std::memcpy(&out, &chosen, sizeof out);
  return out;
}

}  // namespace wasmlearn
