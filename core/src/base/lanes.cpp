#include "wasmlearn/base/lanes.hpp"

namespace wasmlearn {

// ExpLanes' constants: the clamp, the rounding to k, ln2 in two parts, then 1/n! for n = 0..13.
extern const double kExpConstants[kExpConstantCount] = {
    -746.0, 710.0, 1.4426950408889634, 0x1.8p52, 0.693147180369123816490, 1.90821492927058770002e-10,
    1.0, 1.0, 1.0 / 2.0, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0, 1.0 / 5040.0, 1.0 / 40320.0,
    1.0 / 362880.0, 1.0 / 3628800.0, 1.0 / 39916800.0, 1.0 / 479001600.0, 1.0 / 6227020800.0};

}  // namespace wasmlearn
