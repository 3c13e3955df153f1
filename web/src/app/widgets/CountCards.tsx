import { Card, Col, type ColProps, Row, Statistic } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { canOpenLink } from '../routes';
import { useSession } from '../session-context';

export interface CountCard {
  readonly title: string;
  readonly value: number | undefined;
  /** Where the card leads (doc 1 §2.4); without it, or for a reader who may not open that screen, the card is not a link. */
  readonly to?: string;
}

/** Each card's width by screen size: four to a row on a wide screen, two on a phone. */
const CARD_WIDTH: ColProps = { xs: 12, md: 8, lg: 6 };

/**
 * A dashboard's count cards: each shows its count ('—' until it is known) and, when it has one,
 * links onward. `width` sets each card's width by screen size (e.g. a row of five or six).
 */
export default function CountCards({ cards, loading, width = CARD_WIDTH }: { cards: readonly CountCard[]; loading: boolean; width?: ColProps }) {
  // The screen a card opens shows where it was reached from (breadcrumbs). The link is named by what
  // it shows, title and count (a label of the title alone would hide the count from a screen reader).
  const location = useLocation();
  const cameFrom = `${location.pathname}${location.search}`;
  const { user } = useSession();
  const opens = (to: string | undefined): to is string => to !== undefined && canOpenLink(to, user?.role_id ?? []);
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => {
        const body = (
          <Card size="small" hoverable={opens(card.to)} loading={loading && card.value === undefined}>
            <Statistic title={card.title} value={card.value ?? '—'} />
          </Card>
        );
        return (
          <Col key={card.title} {...width}>
            {opens(card.to) ? (
              <Link to={card.to} state={{ cameFrom }}>
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
