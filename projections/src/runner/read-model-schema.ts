import {
  IdentifierNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawNode,
  type RootOperationNode,
  type SchemableIdentifierNode,
  type UnknownRow,
} from 'kysely';
import { READ_MODEL_SCHEMA } from './checkpoints';
import type { SqlDb } from './ports';

/** `rm.` where it names the read-model schema: not inside another identifier or after a quote or a dot. */
const READ_MODEL_PREFIX = new RegExp(`(^|[^\\w."$])${READ_MODEL_SCHEMA}\\.`, 'g');

/** Moves every `rm.` reference of a query (raw SQL text and builder tables alike) to another schema. */
class ReadModelSchemaTransformer extends OperationNodeTransformer {
  constructor(private readonly quotedSchema: string, private readonly schema: string) {
    super();
  }

  protected override transformRaw(node: RawNode): RawNode {
    const moved = super.transformRaw(node);
    return { ...moved, sqlFragments: Object.freeze(moved.sqlFragments.map((fragment) => fragment.replace(READ_MODEL_PREFIX, `$1${this.quotedSchema}.`))) };
  }

  protected override transformSchemableIdentifier(node: SchemableIdentifierNode): SchemableIdentifierNode {
    const moved = super.transformSchemableIdentifier(node);
    return moved.schema?.name === READ_MODEL_SCHEMA ? { ...moved, schema: IdentifierNode.create(this.schema) } : moved;
  }
}

class ReadModelSchemaPlugin implements KyselyPlugin {
  private readonly transformer: ReadModelSchemaTransformer;

  constructor(schema: string) {
    this.transformer = new ReadModelSchemaTransformer(`"${schema.replaceAll('"', '""')}"`, schema);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/**
 * The same database, reading another schema's tables wherever a query names the read model
 * (`rm.<table>`): the report queries run unchanged over an auditor's as-of read model
 * (docs/AUDIT.md "The fleet as of a past date"). `schema` is ours (never client text).
 */
export function readModelIn(db: SqlDb, schema: string): SqlDb {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`not a schema name of ours: ${schema}`);
  return db.withPlugin(new ReadModelSchemaPlugin(schema));
}
