// The parity matrix (issue 12): every case of tests/fixtures/parity.json (written by parity.py from
// scikit-learn or closed forms) as its own test, reaching the estimator by name. The data are rebuilt
// here by the generator parity.py describes (mirrored in tests/js/parity.test.mjs); the check kinds
// and their tolerances are explained there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "test_support.hpp"
#include "wasmlearn/base/any_estimator.hpp"

using namespace wasmlearn;

namespace {

const json& fixture() { return test_support::cached_fixture("parity.json"); }

// xorshift32 with 24-bit uniforms, as parity.py.
class Rng {
 public:
  explicit Rng(std::uint32_t seed) : state_(seed) {
    for (int i = 0; i < 8; ++i) next();
  }
  std::uint32_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }
  int small(int count) { return static_cast<int>((next() >> 8) % static_cast<std::uint32_t>(count)); }
  double noise() {
    double u[4];
    for (double& v : u) v = (next() >> 8) / 16777216.0;
    return u[0] + u[1] + u[2] + u[3] - 2.0;
  }

 private:
  std::uint32_t state_;
};

struct Data {
  Matrix X, E;      // training rows, evaluation rows
  Matrix target;    // n x 1: class codes (in the order of the sorted class labels) or regression targets
  IntVector codes;  // class codes of the training rows
};

// The rank of each generated class among the sorted labels (the names sort apart from their codes).
std::vector<int> class_codes(const json& spec) {
  const int k = spec["k"];
  std::vector<int> code(k);
  for (int c = 0; c < k; ++c) code[c] = c;
  if (spec["strings"].get<bool>()) {
    const json& names = fixture()["names"];
    for (int c = 0; c < k; ++c) {
      code[c] = 0;
      for (int o = 0; o < k; ++o) code[c] += names[o].get<std::string>() < names[c].get<std::string>();
    }
  }
  return code;
}

Data generate(const json& spec) {
  const int n = spec["n"], p = spec["p"], k = spec["k"], eval_rows = fixture()["evalRows"];
  const double sep = spec["sep"];
  const std::string edit = spec["edit"], target = spec["target"];
  Rng rng(spec["seed"].get<std::uint32_t>());
  Matrix centres(k, p);
  for (int c = 0; c < k; ++c)
    for (int j = 0; j < p; ++j) centres(c, j) = sep * (j == 0 ? 3 * c : rng.small(9) - 4);
  std::vector<int> weights(p);
  for (int& w : weights) w = rng.small(7) - 3;
  const int rows = n + eval_rows, heavy = 22 - 2 * k;
  Matrix X(rows, p), y(rows, 1);
  IntVector labels(rows);
  for (int i = 0; i < rows; ++i) {
    if (spec["imbalance"].get<bool>() && k > 1) {
      const int r = i % 20;
      labels[i] = r < heavy ? 0 : 1 + (r - heavy) % (k - 1);
    } else {
      labels[i] = i % k;
    }
    for (int j = 0; j < p; ++j) X(i, j) = centres(labels[i], j) + rng.noise();
    const double y_noise = rng.noise();
    if (edit == "constant") X(i, p - 1) = 3.0;
    else if (edit == "collinear") X(i, p - 1) = X(i, 0) + 2.0 * X(i, 1);
    if (target == "linear") {
      double acc = 3.0;
      for (int j = 0; j < p; ++j) acc += weights[j] * X(i, j);
      y(i, 0) = acc + 0.5 * y_noise;
    } else {
      y(i, 0) = target == "step" ? 10.0 * labels[i] : labels[i];
    }
  }
  const std::vector<int> code = class_codes(spec);
  Data d;
  d.X = X.topRows(n);
  d.E = spec["evalOn"] == "train" ? Matrix(X.topRows(eval_rows)) : Matrix(X.bottomRows(eval_rows));
  d.codes.resize(n);
  for (int i = 0; i < n; ++i) d.codes[i] = code[labels[i]];
  d.target = target == "class" ? Matrix(d.codes.cast<double>()) : Matrix(y.topRows(n));
  return d;
}

std::vector<double> flat(const json& v) {
  std::vector<double> out;
  if (v.is_array()) {
    for (const json& e : v) {
      const std::vector<double> inner = flat(e);
      out.insert(out.end(), inner.begin(), inner.end());
    }
  } else {
    out.push_back(v.get<double>());
  }
  return out;
}

std::vector<double> flat(const Matrix& m) { return std::vector<double>(m.data(), m.data() + m.size()); }

// Entries farther apart than tol * max(1, |want|), described for the failure message.
void expect_close(const std::vector<double>& got, const std::vector<double>& want, double tol, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  int bad = 0;
  std::string first;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(std::abs(got[i] - want[i]) <= tol * std::max(1.0, std::abs(want[i]))) && bad++ == 0)
      first = "entry " + std::to_string(i) + ": got " + std::to_string(got[i]) + ", want " + std::to_string(want[i]);
  EXPECT_EQ(bad, 0) << what << ": " << bad << " of " << got.size() << " entries differ beyond " << tol << "; " << first;
}

double penalty(const std::vector<double>& coef, double alpha, double l1_ratio) {
  double l1 = 0, l2 = 0;
  for (double w : coef) l1 += std::abs(w), l2 += w * w;
  return alpha * (l1_ratio * l1 + 0.5 * (1 - l1_ratio) * l2);
}

double log1p_exp(double z) { return z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z)); }

// The penalised training loss, as parity.py's enet_objective and logistic_objective.
double objective(const AnyEstimator& est, const Data& d, const json& spec) {
  const std::vector<double> coef = est.attribute("coef").data;
  const Index n = d.X.rows();
  if (spec["type"] == "enet") {
    const std::vector<double> pred = est.predict(d.X).data;
    double rss = 0;
    for (Index i = 0; i < n; ++i) rss += (d.target(i, 0) - pred[i]) * (d.target(i, 0) - pred[i]);
    return rss / (2.0 * n) + penalty(coef, spec["alpha"], spec["l1Ratio"]);
  }
  const NdArray z = est.decision_function(d.X);
  const Index k = z.shape.size() == 1 ? 1 : z.shape[1];
  const int classes = d.codes.maxCoeff() + 1;
  std::vector<double> count(classes, 0.0);
  for (Index i = 0; i < n; ++i) count[d.codes[i]] += 1;
  double loss = 0;
  for (Index i = 0; i < n; ++i) {
    const double* zi = &z.data[i * k];
    const int c = d.codes[i];
    double li = 0;
    if (k == 1) {
      li = log1p_exp(c == 1 ? -zi[0] : zi[0]);
    } else if (spec["multiClass"] == "multinomial") {
      const double top = *std::max_element(zi, zi + k);
      double sum = 0;
      for (Index j = 0; j < k; ++j) sum += std::exp(zi[j] - top);
      li = top + std::log(sum) - zi[c];
    } else {
      for (Index j = 0; j < k; ++j) li += log1p_exp(j == c ? -zi[j] : zi[j]);
    }
    loss += (spec["balanced"].get<bool>() ? n / (classes * count[c]) : 1.0) * li;
  }
  const std::string pen = spec["penalty"];
  const double share = pen == "l1" ? 1.0 : pen == "elasticnet" ? spec["l1Ratio"].get<double>() : 0.0;
  return spec["C"].get<double>() * loss + (pen == "none" ? 0.0 : penalty(coef, 1.0, share));
}

void run_check(const AnyEstimator& est, const Data& d, const json& c) {
  const std::string kind = c["kind"];
  const double tol = c["tol"];
  if (kind == "predict") return expect_close(est.predict(d.E).data, flat(c["want"]), tol, kind);
  if (kind == "proba") return expect_close(flat(est.predict_proba(d.E)), flat(c["want"]), tol, kind);
  if (kind == "decision") return expect_close(est.decision_function(d.E).data, flat(c["want"]), tol, kind);
  if (kind == "transform") {
    Matrix got = est.transform(d.E);
    const std::vector<double> want = flat(c["want"]);
    if (c.value("signFree", false))
      for (Index j = 0; j < got.cols(); ++j) {
        double agreement = 0;
        for (Index i = 0; i < got.rows(); ++i) agreement += got(i, j) * want[i * got.cols() + j];
        if (agreement < 0) got.col(j) *= -1;
      }
    return expect_close(flat(got), want, tol, kind);
  }
  if (kind == "attr") return expect_close(est.attribute(c["name"]).data, flat(c["want"]), tol, c["name"]);
  const double want = c["want"], margin = tol * std::max(1.0, std::abs(want));
  if (kind == "score") {
    EXPECT_GE(est.score(d.X, d.target), want - margin) << "mean log-likelihood below scikit-learn's optimum";
  } else if (kind == "objective") {
    EXPECT_LE(objective(est, d, c["objective"]), want + margin)
        << "objective above the optimum (scikit-learn's default fit reaches " << c["sklearnDefault"].get<double>() << ")";
  } else {
    FAIL() << "unknown check kind " << kind;
  }
}

class Parity : public testing::TestWithParam<std::size_t> {};

TEST_P(Parity, MatchesReference) {
  const json& c = fixture()["cases"][GetParam()];
  const Data d = generate(c["data"]);
  const auto est = make_estimator(c["estimator"], c["options"]);
  est->fit(d.X, d.target, true);
  for (const json& check : c["checks"]) {
    SCOPED_TRACE(check["kind"].get<std::string>());
    run_check(*est, d, check);
  }
}

std::vector<std::size_t> case_indices() {
  std::vector<std::size_t> all(fixture()["cases"].size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  return all;
}

INSTANTIATE_TEST_SUITE_P(Parity, Parity, testing::ValuesIn(case_indices()),
                         [](const testing::TestParamInfo<std::size_t>& info) {
                           return fixture()["cases"][info.param]["name"].get<std::string>();
                         });

}  // namespace
