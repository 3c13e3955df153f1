import { Badge, Card, Col, Row, Statistic } from 'antd';
import { useLiveCounts } from '../../app/live/useLiveCounts';

/** Offices and agents in the user's scope, pushed live over the socket (they change without a reload). */
export default function LiveOrgCards() {
  const { totals, connected } = useLiveCounts();
  const status = <Badge status={connected ? 'processing' : 'default'} text={connected ? 'Live' : 'Offline'} />;
  return (
    <Row gutter={[16, 16]} data-testid="live-org-cards">
      <Col xs={24} sm={12} lg={6}>
        <Card size="small" title="Offices" extra={status}>
          <Statistic value={totals?.offices ?? '—'} data-testid="live-offices" />
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Card size="small" title="Agents" extra={status}>
          <Statistic value={totals?.agents ?? '—'} data-testid="live-agents" />
        </Card>
      </Col>
    </Row>
  );
}
