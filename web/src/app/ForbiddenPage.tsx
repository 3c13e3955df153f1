import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

/** The 403 page (doc 1 §2.1). */
export default function ForbiddenPage() {
  return (
    <Result
      status="403"
      title="Forbidden Error!"
      subTitle="You do not have permission to view this resource."
      extra={
        <Link to="/dashboard">
          <Button type="primary">Back to Home</Button>
        </Link>
      }
    />
  );
}
