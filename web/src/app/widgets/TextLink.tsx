import { Link, type LinkProps } from 'react-router-dom';

/**
 * A link within running text: underlined, so that it is told from the words around it by more
 * than its colour (WCAG 1.4.1; axe-core's link-in-text-block). Links that stand alone (a table
 * cell, a menu, a card) keep antd's plain style.
 */
export default function TextLink({ style, ...props }: LinkProps) {
  return <Link {...props} style={{ textDecoration: 'underline', ...style }} />;
}
