import MarketForm from './MarketForm';

/** Add IBO/Market (/addmarketers, doc 3 §2): role 12 (and 1), linked from the IBO/Market list. */
export default function AddMarketPage() {
  return <MarketForm />;
}
