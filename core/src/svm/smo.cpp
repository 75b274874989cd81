#include "wasmlearn/svm/smo.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wasmlearn {

using FloatRows = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// ---- the kernel-row cache ------------------------------------------------------------------------

KernelCache::KernelCache(const Kernel& kernel, MatrixRef X, double megabytes)
    : kernel_(kernel), X_(X), n_(X.rows()), rows_(static_cast<std::size_t>(X.rows())),
      prev_(static_cast<std::size_t>(X.rows()), -1), next_(static_cast<std::size_t>(X.rows()), -1) {
  if (kernel.type == KernelType::rbf) norms_ = row_squared_norms(X_);
  diagonal_ = kernel_diagonal(kernel, X_);
  const double row_bytes = static_cast<double>(sizeof(float)) * static_cast<double>(std::max<Index>(n_, 1));
  capacity_ = std::clamp<Index>(static_cast<Index>(megabytes * 1048576.0 / row_bytes), 2, std::max<Index>(n_, 2));
}

void KernelCache::unlink(Index s) {
  const Index p = prev_[s], q = next_[s];
  (p >= 0 ? next_[p] : head_) = q;
  (q >= 0 ? prev_[q] : tail_) = p;
  prev_[s] = next_[s] = -1;
}

void KernelCache::link_first(Index s) {
  next_[s] = head_;
  if (head_ >= 0) prev_[head_] = s;
  head_ = s;
  if (tail_ < 0) tail_ = s;
}

void KernelCache::touch(Index s) {
  if (head_ == s) return;
  unlink(s);
  link_first(s);
}

float* KernelCache::slot_for(Index s) {
  if (cached_ < capacity_) {
    rows_[s].reset(new float[static_cast<std::size_t>(n_)]);
    ++cached_;
  } else {
    const Index victim = tail_;
    unlink(victim);
    rows_[s] = std::move(rows_[victim]);
  }
  link_first(s);
  return rows_[s].get();
}

void KernelCache::compute(const Index* samples, Index count, float* out) {
  products_.resize(count, n_);  // kept between calls: no allocation for each row SMO asks for
  kernel_rows(kernel_, X_, norms_, samples, count, products_);
  Eigen::Map<FloatRows>(out, count, n_) = products_.cast<float>();  // libsvm's float32 cache: scikit-learn's problem
}

const float* KernelCache::row(Index s) {
  if (rows_[s]) {
    touch(s);
    return rows_[s].get();
  }
  float* slot = slot_for(s);
  compute(&s, 1, slot);
  return slot;
}

// ---- the solver ------------------------------------------------------------------------------------

namespace {

constexpr double kTau = 1e-12;  // the curvature used when a pair's is not positive (indefinite kernels)
constexpr double kInf = std::numeric_limits<double>::infinity();

class Smo {
 public:
  Smo(const SmoProblem& problem, KernelCache& cache, const SmoOptions& options)
      : pb_(problem), cache_(cache), opt_(options), l_(static_cast<Index>(problem.sample.size())),
        alpha_(problem.alpha), G_(problem.p), G_bar_(Vector::Zero(l_)), status_(static_cast<std::size_t>(l_)),
        first_var_(static_cast<std::size_t>(cache.size()), -1), next_var_(static_cast<std::size_t>(l_), -1) {
    for (Index i = l_ - 1; i >= 0; --i) {
      next_var_[i] = first_var_[sample(i)];
      first_var_[sample(i)] = i;
      update_status(i);
    }
    all_active();
    initial_gradient();
  }

  SmoResult run() {
    SmoResult result;
    long counter = std::min<long>(l_, 1000) + 1;
    bool unshrunk = false;
    while (opt_.max_iter < 0 || result.iterations < opt_.max_iter) {
      if (--counter == 0) {
        counter = std::min<long>(l_, 1000);
        if (opt_.shrinking) shrink(unshrunk);
      }
      Index i, j;
      if (!select_pair(i, j)) {
        reconstruct_gradient();
        if (!select_pair(i, j)) break;
        counter = 1;  // the full set had a violating pair: shrink again at the next step
      }
      ++result.iterations;
      step(i, j);
    }
    result.reached_max_iter = opt_.max_iter >= 0 && result.iterations >= opt_.max_iter;
    reconstruct_gradient();
    result.alpha = alpha_;
    result.objective = 0.5 * alpha_.dot(G_ + pb_.p);
    if (opt_.nu) nu_biases(result);
    else result.rho = bias();
    return result;
  }

 private:
  enum Status : char { at_lower, free_, at_upper };

  Index sample(Index i) const { return pb_.sample[static_cast<std::size_t>(i)]; }
  double y(Index i) const { return pb_.y[i]; }
  bool in_up(Index i) const { return y(i) > 0 ? status_[i] != at_upper : status_[i] != at_lower; }
  bool in_low(Index i) const { return y(i) > 0 ? status_[i] != at_lower : status_[i] != at_upper; }
  double violation(Index i) const { return -y(i) * G_[i]; }  // u_i on I_up, v_i on I_low
  int group(Index i) const { return opt_.nu && y(i) < 0 ? 1 : 0; }

  void update_status(Index i) {
    status_[i] = alpha_[i] >= pb_.upper[i] ? at_upper : alpha_[i] <= 0 ? at_lower : free_;
  }
  void all_active() {
    active_.resize(static_cast<std::size_t>(l_));
    for (Index i = 0; i < l_; ++i) active_[i] = i;
  }

  // Calls use(i, K row of i's sample) for every variable i with pick(i), the rows in blocks.
  template <class Pick, class Use>
  void for_variable_rows(Pick&& pick, Use&& use) {
    std::vector<Index> samples;
    for (Index s = 0; s < cache_.size(); ++s)
      for (Index i = first_var_[s]; i >= 0; i = next_var_[i])
        if (pick(i)) {
          samples.push_back(s);
          break;
        }
    cache_.for_rows(samples, [&](Index s, const float* K) {
      for (Index i = first_var_[s]; i >= 0; i = next_var_[i])
        if (pick(i)) use(i, K);
    });
  }

  void initial_gradient() {
    for_variable_rows([&](Index i) { return alpha_[i] > 0; },
                      [&](Index i, const float* K) {
                        const double a = alpha_[i] * y(i), c = pb_.upper[i] * y(i);
                        const bool upper = status_[i] == at_upper;
                        for (Index t = 0; t < l_; ++t) {
                          const double k = y(t) * K[sample(t)];
                          G_[t] += a * k;
                          if (upper) G_bar_[t] += c * k;
                        }
                      });
  }

  // The maximal violating pair by second-order selection; false when the gap is below tol.
  bool select_pair(Index& i_out, Index& j_out) {
    double u_max[2] = {-kInf, -kInf};
    Index best_i[2] = {-1, -1};
    for (Index t : active_)
      if (in_up(t) && violation(t) >= u_max[group(t)]) {
        u_max[group(t)] = violation(t);
        best_i[group(t)] = t;
      }
    const float* K[2] = {nullptr, nullptr};
    for (int g = 0; g < 2; ++g)
      if (best_i[g] >= 0) K[g] = cache_.row(sample(best_i[g]));
    // The two rows must stay valid together: the cache keeps the two most recent.
    double v_min[2] = {kInf, kInf}, best_gain = kInf;
    Index best_j = -1;
    for (Index t : active_) {
      if (!in_low(t)) continue;
      const int g = group(t);
      const double v = violation(t);
      v_min[g] = std::min(v_min[g], v);
      const double b = u_max[g] - v;
      if (!(b > 0)) continue;
      const Index i = best_i[g];
      double a = cache_.diagonal(sample(i)) + cache_.diagonal(sample(t)) - 2.0 * K[g][sample(t)];
      if (a <= 0) a = kTau;
      const double gain = -b * b / a;
      if (gain <= best_gain) {
        best_gain = gain;
        best_j = t;
      }
    }
    const double gap = std::max(u_max[0] - v_min[0], u_max[1] - v_min[1]);
    if (best_j < 0 || gap < opt_.tol) return false;
    i_out = best_i[group(best_j)];
    j_out = best_j;
    return true;
  }

  // Moves α_i up and α_j down along y (yᵀα fixed) to the pair's minimum within the box. The pair keeps
  // s = α_i + α_j (same sign) or d = α_i − α_j (opposite signs); a variable pushed past a bound is
  // set to it and its partner to what s or d leaves, in libsvm's order of checks, so the rounding
  // residues (a partner left at 1e-15 rather than 0, which then counts as free in rho) are libsvm's.
  void step(Index i, Index j) {
    const float* Ki = cache_.row(sample(i));
    const float* Kj = cache_.row(sample(j));
    double a = cache_.diagonal(sample(i)) + cache_.diagonal(sample(j)) - 2.0 * Ki[sample(j)];
    if (a <= 0) a = kTau;
    const double t = (violation(i) - violation(j)) / a;
    const double Ci = pb_.upper[i], Cj = pb_.upper[j];
    const double old_i = alpha_[i], old_j = alpha_[j];
    double& ai = alpha_[i];
    double& aj = alpha_[j];
    ai += y(i) * t;
    aj -= y(j) * t;
    // `bounded` at `bound`, its partner at what s or d leaves.
    auto clip = [](double& bounded, double bound, double& partner, double rest) {
      bounded = bound;
      partner = rest;
    };
    if (y(i) == y(j)) {
      const double s = old_i + old_j;
      if (s > Ci) {
        if (ai > Ci) clip(ai, Ci, aj, s - Ci);
      } else if (aj < 0) {
        clip(aj, 0, ai, s);
      }
      if (s > Cj) {
        if (aj > Cj) clip(aj, Cj, ai, s - Cj);
      } else if (ai < 0) {
        clip(ai, 0, aj, s);
      }
    } else {
      const double d = old_i - old_j;
      if (d > 0) {
        if (aj < 0) clip(aj, 0, ai, d);
      } else if (ai < 0) {
        clip(ai, 0, aj, -d);
      }
      if (d > Ci - Cj) {
        if (ai > Ci) clip(ai, Ci, aj, Ci - d);
      } else if (aj > Cj) {
        clip(aj, Cj, ai, Cj + d);
      }
    }
    const double di = y(i) * (ai - old_i), dj = y(j) * (aj - old_j);
    for (Index s : active_) G_[s] += y(s) * (di * Ki[sample(s)] + dj * Kj[sample(s)]);
    const Status was_i = status_[i], was_j = status_[j];
    update_status(i);
    update_status(j);
    track_upper(i, was_i, Ki);
    track_upper(j, was_j, Kj);
  }

  // Ḡ_t = Σ_{α_k = C_k} C_k Q_tk, kept for the gradient's reconstruction.
  void track_upper(Index k, Status was, const float* K) {
    const bool now = status_[k] == at_upper;
    if (now == (was == at_upper)) return;
    const double c = (now ? 1.0 : -1.0) * pb_.upper[k] * y(k);
    for (Index t = 0; t < l_; ++t) G_bar_[t] += c * y(t) * K[sample(t)];
  }

  void shrink(bool& unshrunk) {
    double u_max[2] = {-kInf, -kInf}, v_min[2] = {kInf, kInf};
    for (Index t : active_) {
      if (in_up(t)) u_max[group(t)] = std::max(u_max[group(t)], violation(t));
      if (in_low(t)) v_min[group(t)] = std::min(v_min[group(t)], violation(t));
    }
    const double gap = std::max(u_max[0] - v_min[0], u_max[1] - v_min[1]);
    if (!unshrunk && gap <= 10 * opt_.tol) {  // near the end: look at every variable once more
      unshrunk = true;
      reconstruct_gradient();
    }
    // A variable at a bound that cannot be in a violating pair is set aside.
    auto stuck = [&](Index t) {
      if (status_[t] == free_) return false;
      return in_up(t) ? violation(t) < v_min[group(t)] : violation(t) > u_max[group(t)];
    };
    active_.erase(std::remove_if(active_.begin(), active_.end(), stuck), active_.end());
  }

  // The gradient of the variables set aside: G_t = Ḡ_t + p_t + Σ_{free k} α_k Q_tk.
  void reconstruct_gradient() {
    if (static_cast<Index>(active_.size()) == l_) return;
    std::vector<char> is_active(static_cast<std::size_t>(l_), 0);
    for (Index t : active_) is_active[t] = 1;
    std::vector<Index> inactive;
    for (Index t = 0; t < l_; ++t)
      if (!is_active[t]) {
        inactive.push_back(t);
        G_[t] = G_bar_[t] + pb_.p[t];
      }
    for_variable_rows([&](Index k) { return status_[k] == free_; },
                      [&](Index k, const float* K) {
                        const double a = alpha_[k] * y(k);
                        for (Index t : inactive) G_[t] += a * y(t) * K[sample(t)];
                      });
    all_active();
  }

  // rho of the standard problem: the mean of y_t·G_t over free variables, else the middle of the
  // interval the bounded ones leave.
  double bias() const {
    double upper = kInf, lower = -kInf, sum = 0;
    Index free_count = 0;
    for (Index t = 0; t < l_; ++t) {
      const double yg = y(t) * G_[t];
      if (status_[t] == free_) {
        sum += yg;
        ++free_count;
      } else if ((status_[t] == at_upper) == (y(t) < 0)) {
        upper = std::min(upper, yg);
      } else {
        lower = std::max(lower, yg);
      }
    }
    return free_count ? sum / static_cast<double>(free_count) : (upper + lower) / 2;
  }

  // The ν variant: r_± from each sign's variables as bias() does with G_t; rho = (r₊ − r₋)/2, r = (r₊ + r₋)/2.
  void nu_biases(SmoResult& result) const {
    double r[2];
    for (int g = 0; g < 2; ++g) {
      double upper = kInf, lower = -kInf, sum = 0;
      Index free_count = 0;
      for (Index t = 0; t < l_; ++t) {
        if (group(t) != g) continue;
        if (status_[t] == free_) {
          sum += G_[t];
          ++free_count;
        } else if (status_[t] == at_upper) {
          lower = std::max(lower, G_[t]);
        } else {
          upper = std::min(upper, G_[t]);
        }
      }
      r[g] = free_count ? sum / static_cast<double>(free_count) : (upper + lower) / 2;
    }
    result.rho = (r[0] - r[1]) / 2;
    result.r = (r[0] + r[1]) / 2;
  }

  const SmoProblem& pb_;
  KernelCache& cache_;
  const SmoOptions opt_;
  const Index l_;
  Vector alpha_, G_, G_bar_;
  std::vector<Status> status_;
  std::vector<Index> active_;
  std::vector<Index> first_var_, next_var_;  // the variables of each sample, as linked lists
};

}  // namespace

SmoResult solve_smo(const SmoProblem& problem, KernelCache& cache, const SmoOptions& options) {
  return Smo(problem, cache, options).run();
}

}  // namespace wasmlearn
