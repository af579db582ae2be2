// The Spending view in a chunk of its own (the first screen does not carry it), fetched in an idle moment or when the pointer nears the meter's door.
import { deferred } from '../common/deferred';

const spendingView = deferred(() => import('./SpendingView').then((module) => module.default));

export const SpendingView = spendingView.Component;
export const preloadSpendingView = spendingView.preload;
