import { Button, type ButtonProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A button that opens another screen (Initiate RMA → Pending RMA Request, Pending RMA Request →
 * Create RMA ...), carrying where it was pressed (`cameFrom`, path and query) so the screen it
 * opens shows breadcrumbs back, as the dashboard cards and the device finder do.
 */
export default function ScreenButton({ to, ...props }: Omit<ButtonProps, 'onClick' | 'href'> & { to: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return <Button {...props} onClick={() => navigate(to, { state: { cameFrom: `${location.pathname}${location.search}` } })} />;
}
