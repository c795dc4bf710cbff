import { createLoader } from 'nuqs/server';
import { portfolioParams } from './url-state';

/**
 * The portfolio's whole address, read by its server page with the parsers of ./url-state.ts.
 * Apart from that module so the table's client component need not load nuqs's loader.
 */
export const loadPortfolioParams = createLoader(portfolioParams);
