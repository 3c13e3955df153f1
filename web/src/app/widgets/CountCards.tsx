import { Card, Col, Row, Statistic } from 'antd';
import { Link, useLocation } from 'react-router-dom';

export interface CountCard {
  readonly title: string;
  readonly value: number | undefined;
  /** Where the card leads (doc 1 §2.4); without it the card is not a link. */
  readonly to?: string;
}

/** A dashboard's count cards: each shows its count ('—' until it is known) and, when it has one, links onward. */
export default function CountCards({ cards, loading }: { cards: readonly CountCard[]; loading: boolean }) {
  // The screen a card opens shows where it was reached from (breadcrumbs).
  const location = useLocation();
  const cameFrom = `${location.pathname}${location.search}`;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => {
        const body = (
          <Card size="small" hoverable={card.to !== undefined} loading={loading && card.value === undefined}>
            <Statistic title={card.title} value={card.value ?? '—'} />
          </Card>
        );
        return (
          <Col key={card.title} xs={12} md={8} lg={6}>
            {card.to ? (
              <Link to={card.to} state={{ cameFrom }} aria-label={card.title}>
                {body}
              </Link>
            ) : (
              body
            )}
          </Col>
        );
      })}
    </Row>
  );
}
