// The multiclass strategies of scikit-learn's sklearn.multiclass over any registered classifier:
// every member is built by name with estimatorOptions (make_member_estimator) and fitted on a
// two-class relabelling of y (codes 0 and 1). A member's score is scikit-learn's: its
// decisionFunction when it has one, else its predictProba of class 1; a member whose relabelled y
// holds one class is a constant (scikit-learn's _ConstantPredictor).
//   OneVsRestClassifier  one member per class (class against the rest; one member for two classes).
//                        predict: the class of the largest score (the last on ties, as scikit-learn);
//                        predictProba: the members' probabilities normalised to sum 1.
//   OneVsOneClassifier   one member per pair i < j, on the samples of i and j (j is the member's class 1).
//                        decisionFunction: votes + Σ confidences / (3·(|Σ confidences| + 1)), as scikit-learn.
//   OutputCodeClassifier a random code book of classes x ⌊classes·codeSize⌋ bits (±1 when the member
//                        has a decisionFunction, else 0/1), one member per column, predicting the class
//                        whose code is nearest (Euclidean) to the members' scores. The book is drawn
//                        from randomState with the library's generator, so its bits differ from
//                        scikit-learn's (numpy's) for the same seed.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wasmlearn/base/any_estimator.hpp"

namespace wasmlearn {

struct MulticlassParams {
  std::string estimator = "LogisticRegression";
  json estimator_options = json::object();
  // The members this model fits (one-vs-rest, one-vs-one): the worker pool fits slices of them and
  // joins their lists. The output code ignores them (its members are declared whole).
  int first_member = 0;
  std::optional<int> n_members;  // null: through the last
  int n_jobs = 1;                // read by the JS layer (fitAsync on the worker pool); fit fits every member here
};
struct OutputCodeParams : MulticlassParams {
  double code_size = 1.5;
  int random_state = 0;
};

class MulticlassBase {
 public:
  bool is_fitted() const { return n_classes_ > 0; }
  int n_classes() const { return n_classes_; }
  int n_features_in() const { return n_features_; }
  int n_estimators() const { return static_cast<int>(members_.size()); }
  json state() const;
  // members_for(k): how many members a model of k classes has (a saved model with another count is
  // an Error, not a read past the members when predicting).
  void load_state(const json& s, const std::function<double(double)>& members_for);
  // Whether the members have `method` (decisionFunction or predictProba): the fitted members, or
  // before fit a member built from the options (scikit-learn's _estimators_has).
  bool members_have(const MulticlassParams& p, const std::string& method) const;
  // Whether the X of the next calls is float32: passed on to each member (an MLP then trains, and
  // once trained so predicts, in float32, as scikit-learn's members get the float32 X).
  void set_float32_input(bool float32) {
    float32_input_ = float32;
    for (Member& m : members_)
      if (m.model) m.model->set_float32_input(float32);
  }

 protected:
  MulticlassBase(const MulticlassParams& p, const char* name);
  // A member fitted on the rows whose label is 0 or 1 (others, −1, are left out); when those rows
  // hold one label it is a constant whose score is constant_score[label].
  struct Member {
    std::unique_ptr<AnyEstimator> model;
    double constant = 0;
  };
  Member fit_member(const MulticlassParams& p, MatrixRef X, const std::vector<int>& labels, const double constant_score[2]) const;
  Vector score(const Member& m, MatrixRef X) const;  // scikit-learn's _predict_binary
  static Vector positive_proba(const AnyEstimator& model, MatrixRef X);  // class 1's probability
  Matrix scores(MatrixRef X) const;                  // one column per member
  // Checks X and y; sets n_classes_, n_features_ and what the members offer.
  void start_fit(const MulticlassParams& p, MatrixRef X, IntVectorRef y);
  // Leaves the model unfitted when a fit stops before done(): no half-built members survive an error.
  class FitInProgress {
   public:
    explicit FitInProgress(MulticlassBase& model) : model_(model) {}
    FitInProgress(const FitInProgress&) = delete;
    FitInProgress& operator=(const FitInProgress&) = delete;
    ~FitInProgress() {
      if (done_) return;
      model_.n_classes_ = 0;
      model_.members_.clear();
    }
    void done() { done_ = true; }

   private:
    MulticlassBase& model_;
    bool done_ = false;
  };
  void check_predict(MatrixRef X, const char* method) const;
  // Whether member `index` of `members` is in the slice the options name; refuses a slice past the last.
  static bool in_slice(const MulticlassParams& p, int index, int members);

  const char* name_;
  std::vector<Member> members_;
  int n_classes_ = 0, n_features_ = 0;
  bool member_decision_ = false, member_proba_ = false;  // the members have decisionFunction / predictProba
  bool float32_input_ = false;
};

class OneVsRestClassifier : public MulticlassBase {
 public:
  using Params = MulticlassParams;
  explicit OneVsRestClassifier(Params p = {});
  OneVsRestClassifier& fit(MatrixRef X, IntVectorRef y);
  IntVector predict(MatrixRef X) const;
  Matrix predict_proba(MatrixRef X) const;       // needs a member with predictProba
  Matrix decision_function(MatrixRef X) const;  // needs a member with decisionFunction; n x 1 for two classes
  const Params& params() const { return params_; }
  void load_state(const json& s);

 private:
  Params params_;
};

class OneVsOneClassifier : public MulticlassBase {
 public:
  using Params = MulticlassParams;
  explicit OneVsOneClassifier(Params p = {});
  OneVsOneClassifier& fit(MatrixRef X, IntVectorRef y);
  IntVector predict(MatrixRef X) const;
  Matrix decision_function(MatrixRef X) const;  // n x classes (n x 1, class 1's column, for two classes)
  const Params& params() const { return params_; }
  void load_state(const json& s);

 private:
  Params params_;
};

class OutputCodeClassifier : public MulticlassBase {
 public:
  using Params = OutputCodeParams;
  explicit OutputCodeClassifier(Params p = {});
  OutputCodeClassifier& fit(MatrixRef X, IntVectorRef y);
  IntVector predict(MatrixRef X) const;
  const Params& params() const { return params_; }
  Matrix code_book() const { return code_book_; }
  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  Matrix code_book_;
};

}  // namespace wasmlearn
