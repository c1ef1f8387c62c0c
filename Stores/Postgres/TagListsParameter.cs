using Npgsql;
using NpgsqlTypes;

namespace EventCommitLab.Stores.Postgres;

/// <summary>A statement's distinct tag lists (<see cref="DistinctTagLists"/>) as one jsonb[] parameter: the server parses each list once, on receipt.</summary>
internal static class TagListsParameter
{
    public static NpgsqlParameter<string[]> Of(string[] json) => new() { TypedValue = json, NpgsqlDbType = NpgsqlDbType.Array | NpgsqlDbType.Jsonb };
}
