// The options of the estimators whose fit the JS worker pool splits (an ensemble's members, the
// starts of k-means and mixtures, ...): nJobs, read by the JS layer only (fitAsync), and which part of
// the work a model does. fit does it all in the calling thread.
#pragma once
#include "wasmlearn/base/describe.hpp"

namespace wasmlearn {

template <class P>
auto n_jobs_rule() {
  return rule<P>("nJobs is not 0 (1: the calling thread, n: n workers, -1: every core)", [](const P& p) { return p.n_jobs != 0; });
}

// Which part of the work a model does (an index, `first`) and the workers fitAsync splits it over.
template <class P>
auto split_params(const char* first_name, int P::*first, const char* first_doc, const char* n_jobs_doc) {
  return std::make_tuple(param(first_name, first, first_doc, at_least(0)), param("nJobs", &P::n_jobs, n_jobs_doc));
}

// The estimators that keep the best of nInit starts (KMeans, GaussianMixture): start i draws from
// (randomState, i) alone, so a worker runs starts firstInit .. firstInit + nInit - 1.
template <class P>
auto start_params() {
  return split_params<P>("firstInit", &P::first_init,
                         "index of this model's first start among those of randomState; it runs that one and the next nInit - 1 "
                         "(the worker pool runs the starts apart so)",
                         "workers fitAsync runs the nInit starts on (the JS worker pool; -1: every core, -2: all but one); fit "
                         "runs them in the calling thread");
}

}  // namespace wasmlearn
