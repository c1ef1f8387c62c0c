using System.Text.Json.Nodes;

namespace EventCommitLab.Engine.Results;

/// <summary>
/// Brings a results.json written at an older schema to the one this harness reads, on its JSON, before it is read, so
/// that one set of records reads every committed run. Schema 2 grouped a case's fields (see <see cref="CaseResult"/>) and
/// named the committers of a cell <c>committers</c> (<c>concurrentBatches</c> before).
/// </summary>
internal static class RecordMigration
{
    private const string OldCommitters = "concurrentBatches";

    private static readonly string[] CellFields = ["load", "method", "numberOfEvents", "committers", "aggregates", "durability", "commands"];

    private static readonly (string Group, string[] Fields)[] CaseGroups =
    [
        ("race", ["eventsPerSecond", "roundEventsPerSecond", "rounds", "stoppedEarly", "ratioToCeiling", "isBest", "tiedWithBest", "qualifyingEventsPerSecond", "exit"]),
        ("writes", ["commits", "commitLatency", "groupLatency", "batches", "retriesPerCommit", "conflictsPerCommit", "logSizeAtStart", "logSizeAtEnd"]),
        ("process", ["allocatedBytesPerEvent", "peakWorkingSetBytes", "labCpuShare"]),
    ];

    private static readonly (string Old, string New)[] Readers = [("reader", "naive"), ("highWaterMarkReader", "highWaterMark"), ("horizonReader", "horizon")];

    /// <summary>The run record <paramref name="record"/>, written at <paramref name="version"/>, in the current schema (the same node, changed in place).</summary>
    public static JsonObject ToCurrent(JsonObject record, int version)
    {
        ArgumentNullException.ThrowIfNull(record);
        if (version < 2)
        {
            RenameEverywhere(record, OldCommitters, "committers");
            if (record["cases"] is JsonArray cases)
            {
                foreach (var c in cases.OfType<JsonObject>())
                {
                    GroupCase(c);
                }
            }
        }

        return record;
    }

    private static void GroupCase(JsonObject c)
    {
        // A flat case also wrote its cell, computed from the fields below, and whether it succeeded: both are rebuilt.
        c.Remove("cell");
        c.Remove("succeeded");
        c["cell"] = Take(c, CellFields);
        foreach (var (group, fields) in CaseGroups)
        {
            c[group] = Take(c, fields);
        }

        var readers = new JsonObject();
        foreach (var (old, @new) in Readers)
        {
            readers[@new] = Detach(c, old);
        }

        c["readers"] = readers;
    }

    private static JsonObject Take(JsonObject from, string[] fields)
    {
        var group = new JsonObject();
        foreach (var field in fields.Where(from.ContainsKey))
        {
            group[field] = Detach(from, field);
        }

        return group;
    }

    private static JsonNode? Detach(JsonObject from, string field)
    {
        var node = from[field];
        from.Remove(field);
        return node;
    }

    private static void RenameEverywhere(JsonNode? node, string old, string @new)
    {
        switch (node)
        {
            case JsonObject o:
                if (o.ContainsKey(old))
                {
                    o[@new] = Detach(o, old);
                }

                foreach (var (_, child) in o.ToArray())
                {
                    RenameEverywhere(child, old, @new);
                }

                break;
            case JsonArray a:
                foreach (var child in a)
                {
                    RenameEverywhere(child, old, @new);
                }

                break;
        }
    }
}
