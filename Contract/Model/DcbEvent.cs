namespace EventCommitLab.Contract.Model;

/// <summary>An event as a Dynamic Consistency Boundary store takes it: a type, its tags and a JSON payload; no stream.</summary>
public sealed record DcbEvent(string Type, IReadOnlyList<string> Tags, string Payload);
