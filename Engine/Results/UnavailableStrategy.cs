namespace EventCommitLab.Engine.Results;

/// <summary>A strategy the run was asked for and the store cannot run, and why (from the store).</summary>
public sealed record UnavailableStrategy(string Strategy, string Reason);
