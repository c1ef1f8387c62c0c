namespace EventCommitLab.Contract.Port;

/// <summary>
/// What one commit of a strategy sends to a store, once it is warm: the commands in order for a plain commit and for an
/// aggregate commit (each a round trip), how many of them wait for the store's durability, and what the committers of
/// one process write in common. A store states its strategies' shapes once (its module's
/// <see cref="IStoreModule.CommitShapes"/>); its command-shape tests hold its commits to them, and the pages and docs
/// are written from them, so the three cannot drift.
/// </summary>
/// <param name="Plain">The commands of a plain commit of three events, in the order sent.</param>
/// <param name="Aggregate">The commands of an aggregate commit of three events (the expected version checked), in the order sent.</param>
/// <param name="DurabilityWaits">The commands of one commit that wait for the store's durability (a write concern, a flush).</param>
/// <param name="Shares">What the committers of one process write in common, and what the store does with a second one there.</param>
/// <param name="Shared">The document or row they share, in words; null when they share nothing.</param>
public sealed record CommitShape(
    string Strategy, IReadOnlyList<string> Plain, IReadOnlyList<string> Aggregate, int DurabilityWaits, SharedWrite Shares, string? Shared = null);
