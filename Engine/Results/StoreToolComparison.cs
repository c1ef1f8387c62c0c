using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Engine.Results;

/// <summary>The store's own tool writing the same rows as the ceiling of a sustained plain-commit cell (each statement one commit of NumberOfEvents events, a client per committer).</summary>
/// <param name="Durability">The cell's durability in a run over several (the store's own, the only one the tool runs at); null in a run over one.</param>
/// <param name="Rows">Where the tool made its rows; a record without it had them built on the server, the only way then.</param>
public sealed record StoreToolComparison(
    int NumberOfEvents, int Committers, StoreToolInsertRate Tool, string? Durability = null,
    StoreToolRows Rows = StoreToolRows.BuiltOnServer);
