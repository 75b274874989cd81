// The wine, breast cancer, digits and diabetes data, parsed from the text bundled_data.cpp embeds
// (written by scripts/embed_datasets.py from scikit-learn's files).
#include <cmath>
#include <cstdlib>
#include <string>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/datasets/datasets.hpp"

namespace wasmlearn {

namespace bundled {
extern const char kWine[];
extern const char* const kWineFeatures[];
extern const char* const kWineTargets[];
extern const char kBreastCancer[];
extern const char* const kBreastCancerFeatures[];
extern const char* const kBreastCancerTargets[];
extern const char kDigits[];
extern const char kDiabetes[];
extern const char* const kDiabetesFeatures[];
}  // namespace bundled

namespace {

// `rows` rows of `cols` numbers (',' between numbers, ';' between rows): the last column is the target.
Matrix parse_table(const char* text, Index rows, Index cols) {
  Matrix out(rows, cols);
  const char* at = text;
  for (Index i = 0; i < rows; ++i)
    for (Index j = 0; j < cols; ++j) {
      char* end = nullptr;
      out(i, j) = std::strtod(at, &end);
      if (end == at) throw Error("bundled data: a number is missing at row " + std::to_string(i));
      at = *end ? end + 1 : end;
    }
  return out;
}

NamedDataset classification_table(const char* text, Index rows, Index features, const char* const* feature_names,
                                  const char* const* target_names, Index classes) {
  const Matrix table = parse_table(text, rows, features + 1);
  NamedDataset d;
  d.X = table.leftCols(features);
  d.y = table.col(features);
  d.feature_names.assign(feature_names, feature_names + features);
  d.target_names.assign(target_names, target_names + classes);
  return d;
}

}  // namespace

NamedDataset load_wine() {
  return classification_table(bundled::kWine, 178, 13, bundled::kWineFeatures, bundled::kWineTargets, 3);
}

NamedDataset load_breast_cancer() {
  return classification_table(bundled::kBreastCancer, 569, 30, bundled::kBreastCancerFeatures,
                              bundled::kBreastCancerTargets, 2);
}

NamedDataset load_digits() {
  constexpr Index kRows = 1797, kPixels = 64;
  NamedDataset d;
  d.X.resize(kRows, kPixels);
  d.y.resize(kRows);
  for (Index i = 0; i < kRows; ++i) {
    for (Index j = 0; j < kPixels; ++j) d.X(i, j) = bundled::kDigits[i * (kPixels + 1) + j] - 'a';
    d.y[i] = bundled::kDigits[i * (kPixels + 1) + kPixels] - 'a';
  }
  for (Index r = 0; r < 8; ++r)
    for (Index c = 0; c < 8; ++c) d.feature_names.push_back("pixel_" + std::to_string(r) + "_" + std::to_string(c));
  for (int k = 0; k < 10; ++k) d.target_names.push_back(std::to_string(k));
  return d;
}

NamedDataset load_diabetes(bool scaled) {
  constexpr Index kRows = 442, kFeatures = 10;
  const Matrix table = parse_table(bundled::kDiabetes, kRows, kFeatures + 1);
  NamedDataset d;
  d.X = table.leftCols(kFeatures);
  d.y = table.col(kFeatures);
  if (scaled) {
    // As scikit-learn: each column centred and divided by its standard deviation times √n (unit norm).
    for (Index j = 0; j < kFeatures; ++j) {
      const double mean = d.X.col(j).mean();
      d.X.col(j).array() -= mean;
      const double sd = std::sqrt(d.X.col(j).squaredNorm() / kRows);
      d.X.col(j) /= sd;
    }
    d.X /= std::sqrt(static_cast<double>(kRows));
  }
  d.feature_names.assign(bundled::kDiabetesFeatures, bundled::kDiabetesFeatures + kFeatures);
  return d;
}

}  // namespace wasmlearn
