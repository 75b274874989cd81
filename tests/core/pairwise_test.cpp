// metrics.pairwise (metrics/pairwise.hpp) through the declared functions, against scikit-learn's
// sklearn.metrics.pairwise (tests/fixtures/svm.py): 260 rows (past the 256-row block) against 5, at
// p = 8 and 17, every kernel with its defaults and with options, every distance; Y left out means X.
#include <gtest/gtest.h>

#include "test_support.hpp"
#include "wasmlearn/metrics/pairwise.hpp"

using namespace wasmlearn;
using test_support::error_of;
using test_support::matrix_of;

namespace {

Matrix call(const std::string& name, const Matrix& X, const Matrix& Y, const json& options) {
  const FunctionArrays arrays = {Eigen::Map<const Matrix>(X.data(), X.rows(), X.cols()),
                                 Eigen::Map<const Matrix>(Y.data(), Y.rows(), Y.cols())};
  const FunctionResult r = call_function(name, arrays, options);
  const NdArray& a = r.arrays.at(0).second;
  return Eigen::Map<const Matrix>(a.data.data(), a.shape[0], a.shape[1]);
}

void expect_close(const Matrix& got, const Matrix& want, double tol, const std::string& what) {
  ASSERT_EQ(got.rows(), want.rows()) << what;
  ASSERT_EQ(got.cols(), want.cols()) << what;
  for (Index i = 0; i < want.size(); ++i)
    ASSERT_NEAR(got.data()[i], want.data()[i], tol * std::max(1.0, std::fabs(want.data()[i]))) << what << " entry " << i;
}

const char* kernel_function(const std::string& metric) {
  if (metric == "linear") return "linearKernel";
  if (metric == "poly") return "polynomialKernel";
  if (metric == "rbf") return "rbfKernel";
  return "sigmoidKernel";
}

}  // namespace

TEST(Pairwise, AgreesWithScikitLearn) {
  const json f = test_support::read_fixture("svm.json");
  for (const json& c : f["pairwise"]) {
    const Matrix X = matrix_of(c["X"]), Y = matrix_of(c["Y"]);
    const std::string p = "p=" + std::to_string(c["p"].get<int>());
    for (const json& k : c["kernels"]) {
      const std::string metric = k["metric"];
      const Matrix want = matrix_of(k["K"]);
      expect_close(call(kernel_function(metric), X, Y, k["options"]), want, 1e-12, p + " " + metric + k["options"].dump());
      json named = k["options"];
      named["metric"] = metric;
      expect_close(call("pairwiseKernels", X, Y, named), want, 1e-12, p + " pairwiseKernels " + named.dump());
    }
    expect_close(call("rbfKernel", X, Matrix(), json::object()).topRows(3), matrix_of(c["gram_rbf_first_rows"]), 1e-12,
                 p + " rbf of X with itself");
    for (const json& d : c["distances"]) {
      const std::string metric = d["metric"];
      expect_close(call("pairwiseDistances", X, Y, {{"metric", metric}}), matrix_of(d["D"]), 1e-12, p + " " + metric);
    }
  }
}

TEST(Pairwise, WithItselfAndHandChecked) {
  Matrix X(3, 2);
  X << 0, 0, 3, 4, -3, -4;
  const Matrix D = call("pairwiseDistances", X, Matrix(), json::object());
  EXPECT_EQ(D(0, 1), 5.0);
  EXPECT_EQ(D(1, 2), 10.0);
  EXPECT_EQ(D(2, 2), 0.0);
  const Matrix M = call("pairwiseDistances", X, Matrix(), {{"metric", "cityblock"}});
  EXPECT_EQ(M(1, 2), 14.0);
  const Matrix C = call("pairwiseDistances", X, Matrix(), {{"metric", "cosine"}});
  EXPECT_EQ(C(1, 2), 2.0);  // opposite directions
  EXPECT_EQ(C(1, 1), 0.0);
  EXPECT_EQ(C(0, 1), 1.0);  // a zero row is orthogonal to everything, as scikit-learn's
  const Matrix K = call("polynomialKernel", X, Matrix(), {{"degree", 2}});  // gamma 1/2, coef0 1
  EXPECT_EQ(K(1, 1), (0.5 * 25 + 1) * (0.5 * 25 + 1));
}

TEST(Pairwise, BadInput) {
  Matrix X = Matrix::Ones(3, 2), Y = Matrix::Ones(2, 3);
  EXPECT_EQ(error_of([&] { call("rbfKernel", X, Y, json::object()); }), "Y has 3 columns but X has 2");
  EXPECT_EQ(error_of([&] { call("rbfKernel", X, X, {{"gamma", 0}}); }), "gamma must be greater than 0, got 0");
  EXPECT_EQ(error_of([&] { call("polynomialKernel", X, X, {{"degree", -1}}); }), "degree must be at least 0, got -1");
  EXPECT_EQ(error_of([&] { call("pairwiseKernels", X, X, {{"metric", "chi2"}}); }),
            "metric must be one of 'linear', 'poly', 'polynomial', 'rbf', 'sigmoid', got \"chi2\"");
  EXPECT_EQ(error_of([&] { call("pairwiseDistances", X, X, {{"metric", "hamming"}}); }).substr(0, 20), "metric must be one o");
  X(1, 1) = NAN;
  EXPECT_NE(error_of([&] { call("linearKernel", X, Matrix(), json::object()); }).find("X"), std::string::npos);
}
