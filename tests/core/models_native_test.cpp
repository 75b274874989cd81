// models_native.json is this build's: every estimator case of tests/fixtures/models_cases.hpp gives
// the hashes stored there (tests/js/models_native.test.mjs asserts the same of the WebAssembly build,
// so the two builds fit and predict bit for bit alike). After a change that moves any estimator's
// bits, regenerate it: build/native/wasmlearn_gen_models > tests/fixtures/models_native.json
#include <gtest/gtest.h>

#include "../fixtures/models_cases.hpp"
#include "test_support.hpp"

using namespace wasmlearn;

TEST(ModelsNative, EveryEstimatorCaseGivesTheCommittedHashes) {
  const json file = test_support::read_fixture("models_native.json");
  json cases = file["cases"];
  for (json& c : cases) c.erase("results");
  ASSERT_EQ(cases, fixtures::model_cases()) << "the estimators or their options changed: regenerate models_native.json";
  int fitted = 0;
  for (const json& c : file["cases"]) {
    const json got = fixtures::run_model_case(c);
    EXPECT_EQ(got, c["results"]) << c["estimator"] << " " << c["options"].dump() << " on data " << c["data"] << ", "
                                 << c["input"];
    fitted += got.contains("model");
  }
  EXPECT_GT(fitted, 550);
}
