using System.Text.Json.Serialization;

namespace EventCommitLab.Engine.Results;

/// <summary>
/// One cell of the grid: a load, a method, events per commit, concurrent committers and, for a contended cell, how many
/// aggregates the committers draw from; in a run over several durabilities, the durability. Its contenders are measured
/// side by side.
/// </summary>
/// <param name="Aggregates">The aggregates (conditional commits: tags) the committers draw each command's from; null for one of its own per committer, which never conflicts.</param>
/// <param name="Durability">The store's durability of the cell's logs (its name: durable, async-commit; a write concern) in a run over several; null in a run over one, whose header names it.</param>
/// <param name="Commands">How a contended cell's commands run on their shared aggregates; optimistic everywhere else (one aggregate per committer conflicts with nothing).</param>
public sealed record CellKey(
    LoadKind Load, BenchmarkMethod Method, int NumberOfEvents, int Committers, int? Aggregates = null, string? Durability = null,
    CommandMode Commands = CommandMode.Optimistic)
{
    [JsonIgnore]
    public int EventsPerWave => NumberOfEvents * Committers;

    /// <summary>Committers share aggregates, so their commands can conflict.</summary>
    [JsonIgnore]
    public bool Contended => Aggregates is not null;

    /// <summary>
    /// "100", "100 on 10 aggregates" for a contended cell (", owned" or ", pipelined" after it when its commands are not
    /// optimistic), and ", async-commit" after either in a run over several durabilities: the committers column of a table.
    /// </summary>
    [JsonIgnore]
    public string CommittersLabel => string.Create(System.Globalization.CultureInfo.InvariantCulture,
        $"{Committers}{(Aggregates is { } aggregates ? $" on {aggregates} aggregates{CommandsLabel}" : "")}{(Durability is { } durability ? $", {durability}" : "")}");

    /// <summary>", owned" or ", pipelined"; nothing for optimistic commands, the only mode before command modes.</summary>
    [JsonIgnore]
    public string CommandsLabel => LabelOf(Commands);

    /// <summary>", owned" or ", pipelined"; nothing for optimistic commands.</summary>
    public static string LabelOf(CommandMode commands) => commands == CommandMode.Optimistic ? "" : $", {commands.ToString().ToLowerInvariant()}";

    /// <summary>"10 x 100", "10 x 100 on 10 aggregates" for a contended cell, with the durability after either in a run over several.</summary>
    [JsonIgnore]
    public string Shape => string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{NumberOfEvents} x {CommittersLabel}");

    public override string ToString() =>
        $"{Load.ToString().ToLowerInvariant()} {Method} {NumberOfEvents} events x {Committers} concurrent{(Aggregates is { } a ? $" on {a} aggregates{CommandsLabel}" : "")}{(Durability is { } d ? $", {d}" : "")}";
}
