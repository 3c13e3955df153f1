import { route } from '../../app/api-client';
import SalesDashboard from './SalesDashboard';

const source = route('GET', '/api/v1/manager_sales_dashboard');

/** The managers' home (/ and /dashboard, doc 1 §2.4): the sales/activation dashboard of their scope. */
export default function ManagerSalesDashboardPage() {
  return <SalesDashboard title="Dashboard" source={source} withOnboarding />;
}
