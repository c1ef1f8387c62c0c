using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Engine.Results;

/// <summary>The store's own tool writing the same rows as the ceiling of a sustained plain-commit cell (each statement one commit of NumberOfEvents events, a client per committer).</summary>
/// <param name="Durability">The cell's durability in a run over several (the store's own, the only one the tool runs at); null in a run over one.</param>
/// <param name="Rows">Where the tool made its rows; a record without it had them built on the server, the only way then.</param>
/// <param name="Turns">
/// The ceiling and the tool measured in turns, the tool's rate being the median of its turns; null in a record from
/// before the turns, where the tool ran once after every cell and was held against the cell's race.
/// </param>
public sealed record StoreToolComparison(
    int NumberOfEvents, int Committers, StoreToolInsertRate Tool, string? Durability = null,
    StoreToolRows Rows = StoreToolRows.BuiltOnServer, StoreToolTurns? Turns = null);
