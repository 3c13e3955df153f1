import { Alert, Typography } from 'antd';
import type { ScreenRoute } from './routes';

/** A screen whose capability is not built yet says so plainly instead of showing nothing. */
export default function NotBuiltPage({ route }: { route: ScreenRoute }) {
  return (
    <div>
      <Typography.Title level={3}>{route.title}</Typography.Title>
      <Alert
        type="info"
        showIcon
        message="This screen is not built yet"
        description={`“${route.title}” belongs to the ${route.capability} capability, which is still being built. Its route, menu entry and access rules are in place; the page arrives with that capability.`}
      />
    </div>
  );
}
