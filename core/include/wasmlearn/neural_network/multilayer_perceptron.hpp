// Multi-layer perceptrons as scikit-learn's MLPClassifier and MLPRegressor (sklearn.neural_network):
// dense layers, the hidden ones with one activation, trained by adam, sgd (momentum, Nesterov,
// learning-rate schedules) or L-BFGS on scikit-learn's loss: the mean loss of the batch (squared
// error / 2, or cross-entropy) plus alpha/2·Σ‖W‖² divided by the batch's rows (intercepts are not
// penalised). Every rule follows scikit-learn 1.2 (batches, the loss curve, the no-improvement count,
// adaptive rates, early stopping keeping the best weights, warm starts, partial fits); random
// choices (Glorot-uniform start, shuffles, the validation split) come from the library's generator,
// so the numbers differ from numpy's draws but not between the native and the WebAssembly build.
#pragma once
#include <optional>
#include <variant>
#include <vector>

#include "wasmlearn/base/random.hpp"

#include "wasmlearn/base/describe.hpp"

namespace wasmlearn {

enum class MLPActivation { identity, logistic, tanh, relu, softmax };  // softmax: multiclass output only
enum class MLPSolver { lbfgs, sgd, adam };
enum class LearningRateSchedule { constant, invscaling, adaptive };
enum class BatchSizeAuto { automatic };
enum class NoChangeLimit { infinity };  // nIterNoChange: Infinity never stops for lack of improvement

struct MLPParams {
  std::vector<double> hidden_layer_sizes = {100};
  MLPActivation activation = MLPActivation::relu;
  MLPSolver solver = MLPSolver::adam;
  double alpha = 0.0001;
  std::variant<BatchSizeAuto, int> batch_size = BatchSizeAuto::automatic;
  LearningRateSchedule learning_rate = LearningRateSchedule::constant;
  double learning_rate_init = 0.001;
  double power_t = 0.5;
  int max_iter = 200;
  bool shuffle = true;
  int random_state = 0;
  double tol = 1e-4;
  bool warm_start = false;
  double momentum = 0.9;
  bool nesterovs_momentum = true;
  bool early_stopping = false;
  double validation_fraction = 0.1;
  double beta_1 = 0.9;
  double beta_2 = 0.999;
  double epsilon = 1e-8;
  std::variant<NoChangeLimit, int> n_iter_no_change = 10;
  int max_fun = 15000;
  // The starting weights instead of the random ones: { coefs: [W1, ...] (fanIn x fanOut each),
  // intercepts: [b1, ...] }, shaped as the network's layers (as scikit-learn's coefs_/intercepts_).
  std::optional<json> weights_init{};
};

// The network's weights, packed in one vector in scikit-learn's order (every coefficient matrix
// row by row, then every intercept vector), so that the optimisers and L-BFGS see one vector.
struct MLPWeights {
  std::vector<Index> units;  // inputs, hidden layers, outputs
  Vector packed;
  Index coef_offset(std::size_t layer) const;
  Index intercept_offset(std::size_t layer) const;
  Eigen::Map<Matrix> coef(std::size_t layer);
  Eigen::Map<const Matrix> coef(std::size_t layer) const;
  Eigen::Map<Vector> intercept(std::size_t layer);
  Eigen::Map<const Vector> intercept(std::size_t layer) const;
  std::size_t layers() const { return units.size() - 1; }
};

// The state of adam or sgd between epochs (and between partialFit calls).
struct MLPOptimizerState {
  Vector first, second;  // adam: moment estimates; sgd: the velocities in `first`
  long long steps = 0;   // adam's t
  double learning_rate = 0;
};

// What a stochastic fit carries from one epoch to the next, kept after fit so that continueFit runs
// the next epoch exactly as a fit with one more epoch would (in memory only: not in the model JSON).
struct MLPRun {
  Random random;                // after the last shuffle
  IntVector order;              // the training rows in the last epoch's order (each shuffle permutes it)
  IntVector train, validation;  // early stopping's split of the rows (empty without it)
  Vector weights;               // the last epoch's weights (early stopping shows the best ones instead)
  Index next_row = 0;           // inside an epoch (after continueBatch): the first row of its next batch
  double accumulated_loss = 0;  // inside an epoch: the sum of its batches' loss x rows so far
  bool stopped = false;         // the fit stopped for lack of improvement: more epochs change nothing
  bool first_epoch_counted = false;  // after initialize: maxIter already counts the first epoch
  std::uint64_t data = 0;       // fingerprint of the fit's X and targets
  bool float32 = false;         // the passes in float32 (X was float32 at the fit)
};

// The training and prediction shared by the classifier and the regressor. Targets reach it as an
// n x outputs matrix (0/1 indicators for classifiers).
class MultilayerPerceptron {
 public:
  using Params = MLPParams;
  const Params& params() const { return params_; }
  bool is_fitted() const { return weights_.packed.size() != 0; }
  void set_progress(ProgressHook hook) { progress_ = std::move(hook); }
  // Whether the X of the next calls is float32, as scikit-learn keeps float32 input in float32: a fit
  // or partial fit with adam or sgd then runs in float32, as scikit-learn's float32 fit: the passes,
  // the gradient, the weights and the optimiser's moments (twice the multiply-adds per instruction;
  // the loss is summed in double; the model keeps the weights as doubles, which hold floats exactly).
  // continueFit and continueBatch keep their fit's precision; lbfgs runs in double (as scipy's).
  // A model trained in float32 predicts a float32 X in float32 too (scikit-learn's float32 weights
  // on a float32 X). The JavaScript binding sets it for each call from X's type (a Float32Array).
  void set_float32_input(bool float32) { float32_input_ = float32; }
  // Whether the weights were last trained in float32 (adam or sgd on a float32 X).
  bool trained_in_float32() const { return trained_in_float32_; }
  const Warnings& warnings() const { return warnings_; }
  // What a progress hook reads during its call: the epoch's loss and validation score (NaN without
  // early stopping, where scikit-learn has None).
  NamedArrays progress_values() const;

  // The output layer's values (after the output activation) for the rows of X: in float32 (then
  // widened) for a float32 X of a model trained in float32, as scikit-learn's.
  Matrix forward(MatrixRef X) const;
  // Every neuron's value for the rows of X, layer after layer (the hidden layers, then the output
  // layer as predictProba / predict gives it): layer l's n x units[l] values row by row, all in one
  // 1-D array (the network view draws each neuron's map from them), written in place of the array
  // that crosses to JavaScript rather than copied into it.
  NdArray layer_activations(MatrixRef X) const;
  NdArray layer_activations_float32(MatrixRef X) const;  // the same in single precision

  // Fitted attributes.
  Vector loss_curve() const { return Eigen::Map<const Vector>(loss_curve_.data(), static_cast<Index>(loss_curve_.size())); }
  Vector validation_scores() const {
    return Eigen::Map<const Vector>(validation_scores_.data(), static_cast<Index>(validation_scores_.size()));
  }
  double loss() const { return loss_; }
  double best_loss() const { return best_loss_; }
  double best_validation_score() const { return best_validation_score_; }
  int n_iter() const { return n_iter_; }
  double t() const { return static_cast<double>(t_); }
  int n_layers() const { return static_cast<int>(weights_.units.size()); }
  int n_outputs() const { return static_cast<int>(weights_.units.back()); }
  int n_features_in() const { return static_cast<int>(weights_.units.front()); }
  MLPActivation out_activation() const { return out_activation_; }
  // The index of out_activation in identity, logistic, tanh, relu, softmax (an attribute is a number).
  double out_activation_code() const { return static_cast<double>(out_activation_); }
  const MLPWeights& weights() const { return weights_; }
  // coefs[i] (units[i] x units[i+1]) and intercepts[i], as named arrays "0", "1", ... (lists in scikit-learn).
  NamedArrays coefs() const;
  NamedArrays intercepts() const;

 protected:
  explicit MultilayerPerceptron(Params p, const char* name) : params_(std::move(p)), name_(name) {}

  // A validation set given by the caller instead of the random split of early stopping (tests give
  // scikit-learn's split this way).
  struct Validation {
    MatrixRef X, T;
  };
  // fit (incremental false) or partialFit (true) on targets T (n x outputs) with the output activation
  // `out`. On any error, cancellation included, the model is left as it was.
  // start_only (initialize, adam and sgd): the fit's start without any batch.
  void fit_targets(MatrixRef X, MatrixRef T, MLPActivation out, bool incremental, const Validation* validation,
                   bool start_only = false);
  // One more epoch of the last fit on the same X and targets T: the model becomes the fit with
  // maxIter + 1 (maxIter grows by one). After continueBatch, the rest of the epoch under way.
  // one_batch: only the epoch's next batch (maxIter grows when it is the epoch's first). check_continuable first.
  void continue_targets(MatrixRef X, MatrixRef T, bool one_batch);
  void check_continuable(const char* method) const;  // method: continueFit or continueBatch, for the messages

  json state() const;
  void load_state(const json& s);

  Params params_;
  const char* name_;
  MLPWeights weights_;
  MLPActivation out_activation_ = MLPActivation::identity;
  std::vector<double> loss_curve_, validation_scores_;
  double loss_ = 0, best_loss_ = 0, best_validation_score_ = 0;
  int n_iter_ = 0;
  long long t_ = 0;
  int no_improvement_count_ = 0;
  Vector best_packed_;  // early stopping: the weights of the best validation score
  std::optional<MLPOptimizerState> optimizer_;
  std::optional<MLPRun> run_;  // the last fit's, while continueFit may continue it
  Warnings warnings_;
  ProgressHook progress_;
  bool float32_input_ = false;
  bool trained_in_float32_ = false;

 private:
  template <class T>
  Matrix forward_in(MatrixRef X) const;  // forward in double or in float32
  void initialize_network(const std::vector<Index>& units, MLPActivation out, Random& random);
  void fit_stochastic(MatrixRef X, MatrixRef T, bool incremental, const Validation* validation, Random& random,
                      bool start_only);
  void train_epochs(MLPRun& run, MatrixRef X, MatrixRef T, const Validation* validation, bool early_stopping,
                    bool incremental, int epochs, bool one_batch = false);
  // one_batch: stop after the next batch (the epoch's end when it is its last).
  void run_epochs(MLPRun& run, MatrixRef X, MatrixRef T, MatrixRef X_val, MatrixRef T_val, bool early_stopping,
                  bool incremental, int epochs, bool one_batch);
  template <class T>
  NdArray layer_values(MatrixRef X) const;
  template <class F>
  void keep_on_error(F&& change);
  void check_finite_weights() const;
  void fit_lbfgs(MatrixRef X, MatrixRef T);
  void update_no_improvement_count(bool early_stopping, MatrixRef X_val, MatrixRef T_val, bool in_float32);
  // accuracy (classifiers) or R² (regressors) of a pass in float32 or in double
  double score_outputs(MatrixRef X, MatrixRef T, bool in_float32) const;
};

class MLPClassifier : public MultilayerPerceptron {
 public:
  explicit MLPClassifier(Params p = {}) : MultilayerPerceptron(std::move(p), "MLPClassifier") {}

  // y: class codes 0 .. k-1, k >= 2: one logistic output for two classes, k softmax outputs otherwise.
  MLPClassifier& fit(MatrixRef X, IntVectorRef y);
  // One epoch on (X, y) keeping the optimiser's state (scikit-learn's partial_fit; adam and sgd only).
  // n_classes (scikit-learn's `classes`) is needed on the first call; later calls keep the fitted classes.
  MLPClassifier& partial_fit(MatrixRef X, IntVectorRef y, int n_classes);
  // Multi-label: Y is an n x labels 0/1 indicator matrix, one logistic output per label.
  MLPClassifier& fit_multilabel(MatrixRef X, MatrixRef Y);
  // fit with early stopping on the given validation set instead of a random split.
  MLPClassifier& fit_with_validation(MatrixRef X, IntVectorRef y, MatrixRef X_val, IntVectorRef y_val);
  // The start of fit(X, y) (adam, sgd; y: one class code per row, in a one-column Y) without any
  // batch: the starting weights, the optimiser, the shuffling generator and the early-stopping split;
  // maxIter becomes 1 (the epoch under way). continueBatch then takes the first epoch's batches
  // (after its last, the model equals, bit for bit, the fit with maxIter 1), continueFit the epoch.
  MLPClassifier& initialize(MatrixRef X, MatrixRef Y);
  // One more epoch of the last fit (adam, sgd) on its X and y (class codes, or the multi-label
  // indicator matrix): then equal, bit for bit, to the fit with maxIter + 1, which maxIter becomes.
  MLPClassifier& continue_fit(MatrixRef X, MatrixRef Y);
  // The next batch of the last fit (adam, sgd), its epoch's first batch starting a new epoch: after
  // the epoch's last batch the model equals, bit for bit, the fit with maxIter + 1 (continueFit
  // then finishes the epoch under way). Inside an epoch the weights are the live ones, also with
  // early stopping (which shows the best epoch's at an epoch's end).
  MLPClassifier& continue_batch(MatrixRef X, MatrixRef Y);

  IntVector predict(MatrixRef X) const;  // codes; for a multi-label model use predict_multilabel
  Matrix predict_multilabel(MatrixRef X) const;  // n x labels of 0/1
  Matrix predict_proba(MatrixRef X) const;
  Matrix predict_log_proba(MatrixRef X) const;
  int n_classes() const { return n_classes_; }
  bool multilabel() const { return multilabel_; }

  json state() const;
  void load_state(const json& s);

 private:
  Matrix indicators(IntVectorRef y, int n_classes) const;
  MLPClassifier& fit_classes(MatrixRef X, IntVectorRef y, bool start_only);  // fit or initialize
  MLPClassifier& continue_by(MatrixRef X, MatrixRef Y, bool one_batch);
  int n_classes_ = 0;
  bool multilabel_ = false;
};

class MLPRegressor : public MultilayerPerceptron {
 public:
  explicit MLPRegressor(Params p = {}) : MultilayerPerceptron(std::move(p), "MLPRegressor") {}

  MLPRegressor& fit(MatrixRef X, MatrixRef Y);
  MLPRegressor& partial_fit(MatrixRef X, MatrixRef Y);
  MLPRegressor& fit_with_validation(MatrixRef X, MatrixRef Y, MatrixRef X_val, MatrixRef Y_val);
  MLPRegressor& initialize(MatrixRef X, MatrixRef Y);  // as MLPClassifier::initialize
  MLPRegressor& continue_fit(MatrixRef X, MatrixRef Y);    // as MLPClassifier::continue_fit
  MLPRegressor& continue_batch(MatrixRef X, MatrixRef Y);  // as MLPClassifier::continue_batch
  Matrix predict(MatrixRef X) const { return forward(X); }

  json state() const { return MultilayerPerceptron::state(); }
  void load_state(const json& s);

 private:
  MLPRegressor& fit_values(MatrixRef X, MatrixRef Y, bool start_only);  // fit or initialize
  MLPRegressor& continue_by(MatrixRef X, MatrixRef Y, bool one_batch);
};

}  // namespace wasmlearn
