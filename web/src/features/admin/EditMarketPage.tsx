import type { MarketRow } from '@portal/contracts/admin/admin.views';
import { Navigate, useLocation } from 'react-router-dom';
import MarketForm from './MarketForm';

/** The market the IBO/Market list passed in router state (its name's link). */
const marketOf = (state: unknown): MarketRow | undefined => (state as { market?: MarketRow } | null)?.market;

/** Edit IBO/Market (/editmarketers, doc 3 §2): the market passed from the list; without one, back to /marketers. */
export default function EditMarketPage() {
  const market = marketOf(useLocation().state);
  if (!market) return <Navigate to="/marketers" replace />;
  return <MarketForm key={market.id} market={market} />;
}
