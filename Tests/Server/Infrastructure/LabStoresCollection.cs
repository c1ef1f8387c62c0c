namespace EventCommitLab.Tests.Infrastructure;

/// <summary>Every test that needs a store shares one server per store for the whole run, and gets a fresh database per test.</summary>
[CollectionDefinition(Name)]
public sealed class LabStoresCollection : ICollectionFixture<LabStores>
{
    public const string Name = "lab stores";
}
