// The hand-written part of the modelSelection namespace (the generated model_selection.js re-exports
// it beside the declared functions; index.js exports it at the top level too).
export {
  KFold,
  StratifiedKFold,
  RepeatedKFold,
  RepeatedStratifiedKFold,
  ShuffleSplit,
  StratifiedShuffleSplit,
  GroupKFold,
  LeaveOneOut,
  TimeSeriesSplit,
} from './splitters.js';
export { crossValScore, crossValidate, crossValPredict, validationCurve, learningCurve } from './validation.js';
export { GridSearchCV, RandomizedSearchCV } from './search.js';
export { scoringNames } from './scoring.js';
