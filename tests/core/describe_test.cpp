// Option types of the declaration machinery: unions, arrays, matrices, strings, nested objects.
#include <gtest/gtest.h>

#include "wasmlearn/base/describe.hpp"
#include "test_support.hpp"

namespace wasmlearn {
using test_support::error_of;

enum class Shortcut { sqrt, log2 };
enum class InitKind { random, plus_plus };
struct ToyParams {
  std::optional<std::variant<Shortcut, int, double>> max_features = Shortcut::sqrt;
  std::variant<InitKind, Matrix> init = InitKind::plus_plus;
  std::optional<std::vector<double>> priors;
  std::string estimator = "Ridge";
  json estimator_options = json::object();
};
struct Toy {
  using Params = ToyParams;
};
template <>
struct Describe<Toy> {
  static constexpr const char* name = "Toy";
  static auto params() {
    using P = ToyParams;
    return std::make_tuple(
        param("maxFeatures", &P::max_features, "features per split",
              {{"sqrt", Shortcut::sqrt}, {"log2", Shortcut::log2}}, at_least(1), Range{0, 1, true, false}),
        param("init", &P::init, "initial centres", {{"random", InitKind::random}, {"k-means++", InitKind::plus_plus}}),
        param("priors", &P::priors, "class priors"), param("estimator", &P::estimator, "base estimator"),
        param("estimatorOptions", &P::estimator_options, "its options"));
  }
};


TEST(DescribeUnion, IntegersAreCountsFractionsAreRealsNamesAreChoices) {
  auto p = params_from_json<Toy>({{"maxFeatures", 3}});
  EXPECT_EQ(std::get<int>(*p.max_features), 3);
  p = params_from_json<Toy>({{"maxFeatures", 0.5}});
  EXPECT_EQ(std::get<double>(*p.max_features), 0.5);
  p = params_from_json<Toy>({{"maxFeatures", "log2"}});
  EXPECT_EQ(std::get<Shortcut>(*p.max_features), Shortcut::log2);
  p = params_from_json<Toy>({{"maxFeatures", nullptr}});
  EXPECT_FALSE(p.max_features.has_value());
  EXPECT_EQ(params_to_json<Toy>(params_from_json<Toy>({{"maxFeatures", 0.25}}))["maxFeatures"], 0.25);
}

TEST(DescribeUnion, MessagesListEveryAcceptedForm) {
  EXPECT_EQ(error_of([] { params_from_json<Toy>({{"maxFeatures", "cube"}}); }),
            "maxFeatures must be one of 'sqrt', 'log2', got \"cube\"");
  EXPECT_EQ(error_of([] { params_from_json<Toy>({{"maxFeatures", 1.5}}); }), "maxFeatures must be in (0, 1], got 1.5");
  EXPECT_EQ(error_of([] { params_from_json<Toy>({{"maxFeatures", 0}}); }), "maxFeatures must be at least 1, got 0");
  EXPECT_EQ(error_of([] { params_from_json<Toy>({{"maxFeatures", true}}); }),
            "maxFeatures must be one of 'sqrt', 'log2', or an integer at least 1, or a number in (0, 1], or null, got true");
}

TEST(DescribeUnion, MatrixArraysStringsAndObjects) {
  auto p = params_from_json<Toy>({{"init", {{1, 2}, {3, 4}}}, {"priors", {0.25, 0.75}}, {"estimator", "Lasso"},
                                  {"estimatorOptions", {{"alpha", 2}}}});
  const Matrix& init = std::get<Matrix>(p.init);
  EXPECT_EQ(init.rows(), 2);
  EXPECT_EQ(init(1, 0), 3);
  EXPECT_EQ(*p.priors, (std::vector<double>{0.25, 0.75}));
  EXPECT_EQ(p.estimator, "Lasso");
  EXPECT_EQ(p.estimator_options["alpha"], 2);
  const json back = params_to_json<Toy>(p);
  EXPECT_EQ(back["init"], json({{1.0, 2.0}, {3.0, 4.0}}));
  EXPECT_EQ(params_from_json<Toy>(back).priors, p.priors);
  EXPECT_EQ(error_of([] { params_from_json<Toy>({{"init", {{1, 2}, {3}}}}); }), "init is ragged: row 1 does not have 2 values");
  EXPECT_EQ(error_of([] { params_from_json<Toy>({{"priors", {0.5, "x"}}}); }), "priors[1] must be a number, got \"x\"");
  EXPECT_EQ(error_of([] { params_from_json<Toy>({{"estimatorOptions", 3}}); }), "estimatorOptions must be an object, got 3");
}

TEST(DescribeUnion, MetadataDescribesEachAlternative) {
  const ToyParams defaults{};
  const json m = std::get<0>(Describe<Toy>::params()).metadata(defaults);
  EXPECT_EQ(m["type"], "union");
  EXPECT_EQ(m["default"], "sqrt");
  EXPECT_EQ(m["oneOf"][0]["values"], json({"sqrt", "log2"}));
  EXPECT_EQ(m["oneOf"][1], json({{"type", "integer"}, {"minimum", 1.0}}));
  EXPECT_EQ(m["oneOf"][2], json({{"type", "number"}, {"exclusiveMinimum", 0.0}, {"maximum", 1.0}}));
  EXPECT_EQ(std::get<2>(Describe<Toy>::params()).metadata(defaults)["type"], "array");
  EXPECT_EQ(std::get<1>(Describe<Toy>::params()).metadata(defaults)["oneOf"][1]["type"], "matrix");
}

}  // namespace wasmlearn
