// classWeight as scikit-learn's: null, 'balanced', or one weight per class code (the JS layer maps
// an object keyed by label to that array). Shared by the classifiers that weigh samples by class.
#pragma once
#include <optional>
#include <variant>
#include <vector>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class ClassWeightMode { balanced };
using ClassWeight = std::optional<std::variant<ClassWeightMode, std::vector<double>>>;

// The weight of each class code 0..n_classes-1: all 1 for null; 'balanced' n / (classes · count of
// the class), counting samples, not weights (as scikit-learn); an array is checked (one finite
// value >= 0 per class) and returned.
std::vector<double> class_weight_values(const ClassWeight& class_weight, IntVectorRef y, int n_classes);

}  // namespace wasmlearn
