namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>A command the emulated server refuses, answered with ok: 0 and this code.</summary>
internal sealed class EmulatedServerError(int code, string message) : Exception(message)
{
    public int Code { get; } = code;
}
