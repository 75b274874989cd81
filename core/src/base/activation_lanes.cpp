#include "wasmlearn/base/activation_lanes.hpp"

namespace wasmlearn {

// ActivationLanes' constants in the order of its enum: 1/ln2, the rounding to integers (1.5·2^52),
// ln2 in two parts (fdlibm's: the high part's last 32 bits are zero, so k·ln2_hi is exact), 1, 2, −2,
// tanh's clamp and the size below which tanh x = x, logistic's clamp, q's coefficients 1/(n+1)!, then
// log1p_of_unit's √2, 1/2 and the coefficients 2/(2n+3) of its series.
extern const double kActivationConstants[kActivationConstantCount] = {
    1.4426950408889634, 0x1.8p52, 6.93147180369123816490e-01, 1.90821492927058770002e-10, 1.0, 2.0, -2.0,
    22.0, 0x1p-28, -746.0,
    1.0, 1.0 / 2.0, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0, 1.0 / 5040.0, 1.0 / 40320.0,
    1.0 / 362880.0, 1.0 / 3628800.0, 1.0 / 39916800.0, 1.0 / 479001600.0, 1.0 / 6227020800.0,
    1.4142135623730951, 0.5,
    2.0 / 3.0, 2.0 / 5.0, 2.0 / 7.0, 2.0 / 9.0, 2.0 / 11.0, 2.0 / 13.0, 2.0 / 15.0, 2.0 / 17.0, 2.0 / 19.0, 2.0 / 21.0};

}  // namespace wasmlearn
