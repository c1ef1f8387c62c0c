using System.Diagnostics;
using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using EventCommitLab.Contract.Model;
using EventCommitLab.Stores.Postgres.Sql;
using EventCommitLab.SuitePorts.Ceiling;
using Npgsql;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The floor's single-row inserts through pgbench (one client, prepared, one insert per transaction), as a cross-check
/// that the lab's own client adds little: the same statement on the same table shape, in a database of its own.
/// </summary>
internal static partial class PgbenchInserts
{
    /// <summary>The longest single argument Linux passes to a program (MAX_ARG_STRLEN), less a little for the name.</summary>
    private const int MaximumArgumentBytes = 128 * 1024 - 256;

    public static async Task<StoreToolInsertRate?> MeasureAsync(
        string? binDirectory, string connectionString, bool durable, TimeSpan duration, CancellationToken cancellationToken)
    {
        var pgbench = binDirectory is null ? null : Path.Combine(binDirectory, "pgbench");
        if (pgbench is null || !File.Exists(pgbench))
        {
            return null;
        }

        var script = Path.Combine(Path.GetTempPath(), $"commit-lab-pgbench-{Guid.NewGuid():N}.sql");
        var value = string.Concat(Enumerable.Range(0, 32).Select(b => b.ToString("x2", CultureInfo.InvariantCulture)));
        await File.WriteAllTextAsync(script, KeyValueFloorSql.PgbenchInsert(value), cancellationToken).ConfigureAwait(false);
        try
        {
            return await RunScriptAsync(pgbench, connectionString, durable, 1, duration, script, "insert.sql", 1, [], cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            File.Delete(script);
        }
    }

    /// <summary>
    /// The event log's rows through pgbench: each transaction one INSERT of <paramref name="events"/> (one commit id),
    /// numbered apart per client so that clients never collide; prepared statements, as the lab's client prepares its
    /// own. Built on the server, every row carries the first event's payload and the sample's type and tags; sent by the
    /// client, the payloads travel with every statement as one text array, the way the lab sends them; with every column
    /// sent, each column travels as its own array, as the lab's insert statement sends its rows.
    /// </summary>
    public static async Task<StoreToolInsertRate?> MeasureEventsAsync(
        string? binDirectory, string connectionString, bool durable, IReadOnlyList<UncommittedEvent> events, StoreToolRows rows, int clients, TimeSpan duration,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(events);
        var pgbench = binDirectory is null ? null : Path.Combine(binDirectory, "pgbench");
        if (pgbench is null || !File.Exists(pgbench))
        {
            return null;
        }

        var payloads = Variable(EventLogSql.PgbenchPayloadsVariable, TextArray([.. events.Select(e => e.Payload)]), events.Count);
        var (sql, defines) = rows switch
        {
            StoreToolRows.SentByClient => (EventLogSql.PgbenchInsertSentEvents(events.Count), (IReadOnlyList<PgbenchVariable>)[payloads]),
            StoreToolRows.EveryColumnSentByClient => (EventLogSql.PgbenchInsertEveryColumn(events.Count), EveryColumn(events, payloads)),
            _ => (EventLogSql.PgbenchInsertEvents(events.Count, events[0].Payload), []),
        };
        if (defines.Any(d => Encoding.UTF8.GetByteCount(d.Value) > MaximumArgumentBytes))
        {
            // Linux refuses a single argument this long; the tool takes its string variables only from the command line.
            return null;
        }

        var script = Path.Combine(Path.GetTempPath(), $"commit-lab-pgbench-events-{Guid.NewGuid():N}.sql");
        await File.WriteAllTextAsync(script, sql, cancellationToken).ConfigureAwait(false);
        try
        {
            return await RunScriptAsync(pgbench, connectionString, durable, clients, duration, script, "events.sql", events.Count, defines, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            File.Delete(script);
        }
    }

    /// <summary>Every column's array, in <see cref="EventLogSql.PgbenchColumnVariables"/>' order, as the lab's insert statement sends them.</summary>
    private static PgbenchVariable[] EveryColumn(IReadOnlyList<UncommittedEvent> events, PgbenchVariable payloads)
    {
        var lists = new DistinctTagLists();
        var tagIndexes = events.Select(e => lists.IndexOf(e.Tags).ToString(CultureInfo.InvariantCulture)).ToArray();
        var json = lists.Json;
        (string Value, int Count)[] values =
        [
            (TextArray([Guid.NewGuid().ToString()]), 1),
            (TextArray(json), json.Length),
            (TextArray([.. events.Select(e => e.EventSource)]), events.Count),
            ($"{{{string.Join(',', Enumerable.Repeat("1", events.Count))}}}", events.Count),
            (TextArray([.. events.Select(e => e.EventType)]), events.Count),
            ($"{{{string.Join(',', tagIndexes)}}}", events.Count),
        ];
        return [.. values.Select((v, i) => Variable(EventLogSql.PgbenchColumnVariables[i], v.Value, v.Count)), payloads];
    }

    private static PgbenchVariable Variable(string name, string value, int count) =>
        new(name, value, string.Create(CultureInfo.InvariantCulture, $"<{count} {name.Replace('_', ' ')}>"));

    /// <summary>A PostgreSQL array literal of <paramref name="values"/>, each quoted, so that the server reads it as text[].</summary>
    private static string TextArray(IReadOnlyList<string> values)
    {
        var literal = new StringBuilder("{");
        for (var i = 0; i < values.Count; i++)
        {
            literal.Append(i == 0 ? "\"" : ",\"").Append(values[i].Replace("\\", "\\\\", StringComparison.Ordinal).Replace("\"", "\\\"", StringComparison.Ordinal)).Append('"');
        }

        return literal.Append('}').ToString();
    }

    /// <summary>Runs <paramref name="script"/> through pgbench with prepared statements; its rate in rows, each transaction writing <paramref name="rowsPerTransaction"/>.</summary>
    private static async Task<StoreToolInsertRate> RunScriptAsync(
        string pgbench, string connectionString, bool durable, int clients, TimeSpan duration, string script, string scriptName, int rowsPerTransaction,
        IReadOnlyList<PgbenchVariable> variables, CancellationToken cancellationToken)
    {
        var target = new NpgsqlConnectionStringBuilder(connectionString);
        string[] arguments =
        [
            .. variables.SelectMany(v => (string[])["-D", $"{v.Name}={v.Value}"]),
            "-n", "-c", clients.ToString(CultureInfo.InvariantCulture), "-j", Math.Min(clients, Environment.ProcessorCount).ToString(CultureInfo.InvariantCulture),
            "-M", "prepared", "-T", ((int)Math.Ceiling(duration.TotalSeconds)).ToString(CultureInfo.InvariantCulture), "-f", script,
            "-h", target.Host!, "-p", target.Port.ToString(CultureInfo.InvariantCulture), "-U", target.Username!, target.Database!,
        ];
        var start = new ProcessStartInfo(pgbench, arguments) { RedirectStandardOutput = true, RedirectStandardError = true };
        start.Environment["PGOPTIONS"] = $"-c synchronous_commit={(durable ? "on" : "off")}";
        if (target.Password is { } password)
        {
            start.Environment["PGPASSWORD"] = password;
        }

        var output = await RunAsync(start, cancellationToken).ConfigureAwait(false);
        var version = (await RunAsync(new ProcessStartInfo(pgbench, ["--version"]) { RedirectStandardOutput = true, RedirectStandardError = true }, cancellationToken)
            .ConfigureAwait(false)).Trim();
        var processed = ProcessedLine().Match(output);
        var tps = TpsLine().Match(output);
        if (!processed.Success || !tps.Success)
        {
            throw new InvalidOperationException($"pgbench printed no transaction count and rate: {output}");
        }

        return new StoreToolInsertRate(
            version,
            long.Parse(processed.Groups[1].Value, CultureInfo.InvariantCulture) * rowsPerTransaction,
            double.Parse(tps.Groups[1].Value, CultureInfo.InvariantCulture) * rowsPerTransaction,
            $"PGOPTIONS='{start.Environment["PGOPTIONS"]}' pgbench {string.Join(' ', arguments.Select(a => a == script ? scriptName : variables.FirstOrDefault(v => a == $"{v.Name}={v.Value}") is { } v ? $"{v.Name}={v.Shown}" : a))}");
    }

    private static async Task<string> RunAsync(ProcessStartInfo start, CancellationToken cancellationToken)
    {
        using var process = Process.Start(start) ?? throw new InvalidOperationException($"{start.FileName} could not be started.");
        var stdout = process.StandardOutput.ReadToEndAsync(cancellationToken);
        var stderr = process.StandardError.ReadToEndAsync(cancellationToken);
        try
        {
            await process.WaitForExitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw;
        }

        var output = await stdout.ConfigureAwait(false);
        return process.ExitCode == 0
            ? output
            : throw new InvalidOperationException($"{Path.GetFileName(start.FileName)} exited with {process.ExitCode}: {(await stderr.ConfigureAwait(false)).Trim()}");
    }

    [GeneratedRegex(@"number of transactions actually processed: (\d+)")]
    private static partial Regex ProcessedLine();

    [GeneratedRegex(@"tps = ([0-9.]+) \(without initial connection time\)")]
    private static partial Regex TpsLine();
}
