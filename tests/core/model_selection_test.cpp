// train_test_split: sizes as scikit-learn, disjoint and covering, stratification proportions.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/model_selection/split.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using wasmlearn::test_support::error_of;

namespace {
// Train and test are disjoint, in range, and of the expected sizes.
void expect_partition(const Split& s, Index n, Index n_train, Index n_test) {
  EXPECT_EQ(s.train.size(), n_train);
  EXPECT_EQ(s.test.size(), n_test);
  std::set<int> seen;
  for (Index i = 0; i < s.train.size(); ++i) seen.insert(s.train[i]);
  for (Index i = 0; i < s.test.size(); ++i) seen.insert(s.test[i]);
  EXPECT_EQ(static_cast<Index>(seen.size()), n_train + n_test);  // no index twice
  EXPECT_GE(*seen.begin(), 0);
  EXPECT_LT(*seen.rbegin(), n);
}
std::map<int, int> counts_of(const IntVector& idx, const IntVector& y) {
  std::map<int, int> c;
  for (Index i = 0; i < idx.size(); ++i) ++c[y[idx[i]]];
  return c;
}
}  // namespace

TEST(SplitSizes, FollowScikitLearnRules) {
  using P = std::pair<Index, Index>;
  EXPECT_EQ(split_sizes(10, std::nullopt, std::nullopt), P(7, 3));                // ceil(0.25 * 10) = 3
  EXPECT_EQ(split_sizes(150, SplitSize::fraction(0.2), std::nullopt), P(120, 30));
  EXPECT_EQ(split_sizes(10, SplitSize::count(4), std::nullopt), P(6, 4));
  EXPECT_EQ(split_sizes(10, std::nullopt, SplitSize::fraction(0.55)), P(5, 5));   // floor(5.5) = 5
  EXPECT_EQ(split_sizes(10, std::nullopt, SplitSize::count(3)), P(3, 7));
  EXPECT_EQ(split_sizes(10, SplitSize::fraction(0.2), SplitSize::fraction(0.5)), P(5, 2));
  EXPECT_EQ(split_sizes(7, SplitSize::fraction(0.3), std::nullopt), P(4, 3));     // ceil(2.1) = 3
}

TEST(SplitSizes, ErrorsAsScikitLearn) {
  EXPECT_EQ(error_of([] { split_sizes(10, SplitSize::fraction(1.0), std::nullopt); }),
            "testSize=1 (a fraction) should be either positive and smaller than the number of samples 10 or a float "
            "in the (0, 1) range");
  EXPECT_EQ(error_of([] { split_sizes(10, SplitSize::count(10), std::nullopt); }),
            "testSize=10 (a count) should be either positive and smaller than the number of samples 10 or a float in "
            "the (0, 1) range");
  EXPECT_NE(error_of([] { split_sizes(10, std::nullopt, SplitSize::fraction(0)); }).find("trainSize=0"), std::string::npos);
  EXPECT_NE(error_of([] { split_sizes(10, SplitSize::count(2.5), std::nullopt); }).find("testSize=2.5"), std::string::npos);
  EXPECT_EQ(error_of([] { split_sizes(10, SplitSize::fraction(0.6), SplitSize::fraction(0.5)); }),
            "The sum of testSize and trainSize = 1.1, should be in the (0, 1) range. Reduce testSize and/or trainSize.");
  EXPECT_EQ(error_of([] { split_sizes(10, SplitSize::count(6), SplitSize::count(5)); }),
            "The sum of trainSize and testSize = 11, should be smaller than the number of samples 10. Reduce testSize "
            "and/or trainSize.");
  EXPECT_NE(error_of([] { split_sizes(2, SplitSize::fraction(0.9), std::nullopt); }).find("train set will be empty"),
            std::string::npos);
}

TEST(TrainTestSplit, NoShuffleKeepsOrder) {
  const Split s = train_test_split(10, SplitSize::count(3), std::nullopt, false);
  EXPECT_EQ(s.train, (IntVector(7) << 0, 1, 2, 3, 4, 5, 6).finished());
  EXPECT_EQ(s.test, (IntVector(3) << 7, 8, 9).finished());
  const IntVector y = IntVector::Zero(10);
  EXPECT_EQ(error_of([&] { train_test_split(10, std::nullopt, std::nullopt, false, &y); }),
            "Stratified train/test split is not implemented for shuffle=false");
}

TEST(TrainTestSplit, ShuffledSplitIsARandomPartitionDeterminedBySeed) {
  const Split a = train_test_split(100, SplitSize::fraction(0.3), std::nullopt, true, nullptr, 5);
  expect_partition(a, 100, 70, 30);
  const Split b = train_test_split(100, SplitSize::fraction(0.3), std::nullopt, true, nullptr, 5);
  const Split c = train_test_split(100, SplitSize::fraction(0.3), std::nullopt, true, nullptr, 6);
  EXPECT_EQ(a.train, b.train);
  EXPECT_EQ(a.test, b.test);
  EXPECT_NE(a.test, c.test);
  // Not just the first or last rows.
  EXPECT_FALSE(std::is_sorted(a.test.data(), a.test.data() + a.test.size()));
  const Split d = train_test_split(20, SplitSize::count(5), SplitSize::count(8), true, nullptr, 1);
  expect_partition(d, 20, 8, 5);  // 7 samples in neither
}

TEST(TrainTestSplit, StratifiedKeepsClassProportions) {
  IntVector y(100);
  for (Index i = 0; i < 100; ++i) y[i] = i < 60 ? 0 : (i < 90 ? 1 : 2);  // 60 / 30 / 10
  const Split s = train_test_split(100, SplitSize::fraction(0.2), std::nullopt, true, &y, 3);
  expect_partition(s, 100, 80, 20);
  EXPECT_EQ(counts_of(s.test, y), (std::map<int, int>{{0, 12}, {1, 6}, {2, 2}}));
  EXPECT_EQ(counts_of(s.train, y), (std::map<int, int>{{0, 48}, {1, 24}, {2, 8}}));
}

TEST(TrainTestSplit, StratifiedRoundingGivesEveryClassBothSides) {
  // 3 x 33 + 1 x 2: a plain proportional split of 10 test samples would give the small class none.
  IntVector y(101);
  for (Index i = 0; i < 101; ++i) y[i] = i < 99 ? static_cast<int>(i % 3) * 10 : 7;  // arbitrary codes
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Split s = train_test_split(101, SplitSize::count(10), std::nullopt, true, &y, seed);
    expect_partition(s, 101, 91, 10);
    const auto test = counts_of(s.test, y), train = counts_of(s.train, y);
    ASSERT_EQ(test.size(), 4u);
    ASSERT_EQ(train.size(), 4u);
    EXPECT_EQ(test.at(7), 1);
    EXPECT_EQ(train.at(7), 1);
    // Train takes 30 of each large class (1 moved off the small one), so the test gets the other 3 each.
    for (int c : {0, 10, 20}) EXPECT_EQ(test.at(c), 3);
  }
  // Ties between equal remainders are broken at random: 2 classes of 5, test 3 -> 2+1 or 1+2.
  IntVector t(10);
  t << 0, 0, 0, 0, 0, 1, 1, 1, 1, 1;
  std::set<int> class0_in_test;
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    class0_in_test.insert(counts_of(train_test_split(10, SplitSize::count(3), std::nullopt, true, &t, seed).test, t)[0]);
  EXPECT_EQ(class0_in_test, (std::set<int>{1, 2}));
}

TEST(TrainTestSplit, StratifiedErrors) {
  IntVector y(6);
  y << 0, 0, 1, 1, 1, 2;
  EXPECT_EQ(error_of([&] { train_test_split(6, SplitSize::fraction(0.5), std::nullopt, true, &y); }),
            "The least populated class in stratify has only 1 member, which is too few. The minimum number of groups "
            "for any class cannot be less than 2.");
  y << 0, 0, 1, 1, 2, 2;
  EXPECT_EQ(error_of([&] { train_test_split(6, SplitSize::count(2), std::nullopt, true, &y); }),
            "The test size = 2 should be greater or equal to the number of classes = 3");
  const IntVector short_y = IntVector::Zero(4);
  EXPECT_EQ(error_of([&] { train_test_split(6, std::nullopt, std::nullopt, true, &short_y); }),
            "stratify has 4 entries but there are 6 samples");
  const IntVector empty;
  EXPECT_EQ(train_test_split(8, std::nullopt, std::nullopt, true, &empty, 2).test,
            train_test_split(8, std::nullopt, std::nullopt, true, nullptr, 2).test);  // empty = not stratified
}
