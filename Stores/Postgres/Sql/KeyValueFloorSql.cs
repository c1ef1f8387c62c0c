namespace EventCommitLab.Stores.Postgres.Sql;

/// <summary>The floor's SQL (<c>suite floor</c>), every statement named: a bigint key and a bytea value, and pgbench's script over the same table.</summary>
internal static class KeyValueFloorSql
{
    public const string Table = "kv_floor";

    public const string Insert = $"INSERT INTO {Table} (k, v) VALUES ($1, $2)";

    public const string ReadLength = $"SELECT length(v) FROM {Table} WHERE k = $1";

    public const string Scan = $"SELECT k, v FROM {Table} ORDER BY k";

    /// <summary>The session's durability, then the table: <c>synchronous_commit</c> off is the analogue of ESENT's lazy flush.</summary>
    public static string Create(bool durable) =>
        $"SET synchronous_commit = {(durable ? "on" : "off")}; " +
        $"CREATE TABLE {Table} (k bigint PRIMARY KEY, v bytea NOT NULL) WITH (autovacuum_enabled = false)";

    /// <summary>pgbench's transaction: one row of a random key and <paramref name="valueHex"/> (hex digits) as its value.</summary>
    public static string PgbenchInsert(string valueHex) =>
        $"\\set k random(1, 9000000000000000000)\nINSERT INTO {Table} (k, v) VALUES (:k, '\\x{valueHex}'::bytea);\n";
}
